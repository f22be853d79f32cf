import { type ComponentType, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { later, useLoadLater } from './load-later.ts';

/*
 * Parts of the first page that are not needed to show its content (menus, pickers, the header's search, drag and
 * drop, the navigation's counts) load right after that content is on screen, not before it (issue 16, decision
 * 0016). The page says when its content shows with `markFirstContent()` (the board: its first cards; Today: its
 * rows); otherwise the content counts as shown once the page has rendered and its queries have been quiet a moment
 * (`markFirstContentWhenSettled`, app.tsx), and FALLBACK_MS after they were first asked for at the latest (a page
 * that marks its own content, PAGE_FALLBACK_MS): a busy machine that takes long to the first rows must not fetch
 * these parts before the rows (issue 38). A person who reaches for one earlier (pointer, focus) loads it at once.
 */

const FALLBACK_MS = 8000;
/**
 * A page that says it marks its first content is not overtaken at FALLBACK_MS: its first cards may take longer on a
 * busy machine, and it marks them when they come. Only a page that never does (its request failed) waits this long.
 */
const PAGE_FALLBACK_MS = 60_000;
let marked = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const waiting = new Set<() => void>();

function runWaiting() {
  const list = [...waiting];
  waiting.clear();
  for (const fn of list) fn();
}

/** The first page's content is on screen: what waits for it loads after this frame. */
export function markFirstContent(): void {
  if (marked) return;
  marked = true;
  if (fallback !== undefined) clearTimeout(fallback);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(runWaiting, 0));
  else setTimeout(runWaiting, 0);
}

/** What `markFirstContentWhenSettled` watches: whether the page has rendered, and whether data is on its way. */
export interface FirstContentSignals {
  /** The page's code has loaded and the router shows it (no navigation under way). */
  pageShown(): boolean;
  /** Requests of queries under way. */
  fetching(): number;
  /** Calls `fn` on every change of either; returns the unsubscribe. */
  subscribe(fn: () => void): () => void;
}

/** The first page says itself when its content is there (`markFirstContent`): nothing is guessed then. */
let pageMarks = false;

/**
 * For a page that marks its own first content (the board, Today), called while it renders: the guess of
 * `markFirstContentWhenSettled` stands back, so that a pause between two of the page's requests is not taken for
 * the end. Called in render, not when the page's module loads: another area may load the page's chunk (decision
 * 0052) without being that page.
 */
export function firstContentMarkedByPage(): void {
  pageMarks = true;
}

const QUIET_MS = 500;

/**
 * Whether an area's page (components/page.tsx) has been put on screen. The router counts a page as shown once its
 * code is there, but React may still be drawing it: on a busy machine the first render of the shell and Today took
 * 1.5 s, in slices, and the quiet moment before the page's queries had started was taken for the end (Today's
 * first rows came 1.2 s after the header's parts, e2e/first-load.spec.ts in CI). A page's queries start in the
 * same commit as its frame, so nothing is guessed before that commit.
 */
let pageOnScreen = false;
const pageListeners = new Set<() => void>();

/** Called by the frame of every area's page once it is on screen (components/page.tsx). */
export function pageRendered(): void {
  if (pageOnScreen) return;
  pageOnScreen = true;
  for (const fn of [...pageListeners]) fn();
}

/**
 * For a page that does not mark its first content: marks it once the page is shown (its frame on screen) and none
 * of its queries has been fetching for QUIET_MS. Returns the cancel (for the effect that starts it).
 */
export function markFirstContentWhenSettled(signals: FirstContentSignals): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (marked || pageMarks) return stop();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!pageOnScreen || !signals.pageShown() || signals.fetching() > 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (marked || pageMarks) return stop();
      if (pageOnScreen && signals.pageShown() && signals.fetching() === 0) {
        markFirstContent();
        stop();
      }
    }, QUIET_MS);
  };
  const unsubscribe = signals.subscribe(check);
  pageListeners.add(check);
  const stop = () => {
    unsubscribe();
    pageListeners.delete(check);
    if (timer !== undefined) clearTimeout(timer);
  };
  check();
  return stop;
}

/** FALLBACK_MS have passed without the first content: it counts as shown, unless the page marks it itself. */
function fallBack() {
  if (pageMarks) fallback = setTimeout(markFirstContent, PAGE_FALLBACK_MS - FALLBACK_MS);
  else markFirstContent();
}

/** Runs `fn` once the first content is on screen (or FALLBACK_MS after the first call); returns a cancel. */
export function afterFirstContent(fn: () => void): () => void {
  if (marked && waiting.size === 0) {
    const t = setTimeout(fn, 0);
    return () => clearTimeout(t);
  }
  waiting.add(fn);
  fallback ??= setTimeout(fallBack, FALLBACK_MS);
  return () => {
    waiting.delete(fn);
  };
}

/** What a placeholder gets beside the component's own props: call `wake` when a person reaches for it. */
export interface PlaceholderProps {
  wake: () => void;
}

/**
 * A component whose code loads after the first content. Until then `Placeholder` stands in its place: it should
 * look the same and take the same room, and be inert (`aria-disabled`, read-only). When the real one arrives,
 * focus that was in the placeholder moves to the real one's first focusable element, and a press made on the
 * placeholder is made again on it (a menu opens, a select drops down). It loads through load-later.ts: offline,
 * again on the next wake, when the connection is back, and by itself.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: ComponentType<P & PlaceholderProps>,
): ComponentType<P> {
  const part = later(load);

  function Deferred(props: P) {
    const [wanted, setWanted] = useState(false);
    const { value: Loaded, retry } = useLoadLater(part, { wanted });
    const box = useRef<HTMLDivElement>(null);
    const focused = useRef(false);
    const pressed = useRef(false);

    /** Load now (again, after a failure): the first content is there, or a person reached for it. */
    const begin = useCallback(() => {
      setWanted(true);
      retry();
      // Started at once, not after the next render (the tries that follow share it).
      part.load().catch(() => undefined);
    }, [retry]);

    useEffect(() => {
      if (Loaded || wanted) return;
      return afterFirstContent(begin);
    }, [Loaded, wanted, begin]);

    useLayoutEffect(() => {
      if (!Loaded) return;
      const first = box.current?.querySelector<HTMLElement>(
        'button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])',
      );
      if (focused.current) first?.focus();
      if (pressed.current) first?.click();
      focused.current = false;
      pressed.current = false;
    }, [Loaded]);

    if (Loaded) {
      return (
        <div style={{ display: 'contents' }} ref={box}>
          <Loaded {...props} />
        </div>
      );
    }
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: it only listens to the placeholder's own controls (events bubble), it is no control itself
      <div
        style={{ display: 'contents' }}
        ref={box}
        onFocus={() => {
          focused.current = true;
          begin();
        }}
        onBlur={() => {
          focused.current = false;
        }}
        onPointerEnter={begin}
        onPointerDown={() => {
          pressed.current = true;
          begin();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') pressed.current = true;
        }}
      >
        <Placeholder {...props} wake={begin} />
      </div>
    );
  }
  Deferred.displayName = `Deferred(${Placeholder.displayName ?? Placeholder.name})`;
  return Deferred;
}
