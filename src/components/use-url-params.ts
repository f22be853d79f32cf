import { useCallback, useRef } from 'react';
import { createSearchParams, type SetURLSearchParams, useSearchParams } from 'react-router';

/**
 * `useSearchParams`, except that a functional update sees the result of the previous update even when both
 * happen before the next render. React Router hands the updater the params of the last render, so two quick
 * changes (typing a date, then another) would drop the first one from the URL.
 */
export function useUrlParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const rendered = useRef(params);
  // A new render with new params wins; a render with the same params keeps a pending update.
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const update = useCallback<SetURLSearchParams>(
    (next, options) => {
      const value = createSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(latest.current)) : next,
      );
      latest.current = value;
      setParams(value, options);
    },
    [setParams],
  );
  return [params, update];
}
