import { useCallback, useEffect, useRef, useState } from 'react';
import { reloadFailedStylesheets } from './stylesheets.ts';

/**
 * What could not be fetched (an area's code: lazy-area.tsx; a part's: lazy-part.tsx), loaded again: when the browser
 * is back online, by itself while online with a growing pause (the connection came back before the failure arrived,
 * or the server was away), and when asked (`retry`). The stylesheets that failed are asked for again first: the
 * bundler's loader never retries a file (stylesheets.ts). `attempt` must keep its identity between renders.
 */
export function useLoadWhenOnline<T>(
  attempt: () => Promise<T>,
  initial: T | null,
): { value: T | null; trying: boolean; retry: () => void } {
  const [value, setValue] = useState<T | null>(() => initial);
  const [trying, setTrying] = useState(false);
  const retryRef = useRef<() => void>(() => {});
  useEffect(() => {
    if (value !== null) return;
    let live = true;
    let again: ReturnType<typeof setTimeout> | undefined;
    let wait = 1000;
    const later = () => {
      if (!live) return;
      setTrying(false);
      if (!navigator.onLine) return;
      again = setTimeout(retry, wait);
      wait = Math.min(wait * 2, 30_000);
    };
    const retry = () => {
      clearTimeout(again);
      setTrying(true);
      reloadFailedStylesheets()
        .then(attempt)
        .then((v) => {
          if (live) setValue(() => v);
        }, later);
    };
    retryRef.current = retry;
    window.addEventListener('online', retry);
    later();
    return () => {
      live = false;
      retryRef.current = () => {};
      clearTimeout(again);
      window.removeEventListener('online', retry);
    };
  }, [value, attempt]);
  const retry = useCallback(() => retryRef.current(), []);
  return { value, trying, retry };
}
