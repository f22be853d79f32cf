import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ATTEMPT_LIMIT_MS, later, useLoadLater } from './load-later.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('later() and useLoadLater()', () => {
  it('online already (the connection came back before the failure arrived): tries again by itself, less often each time', async () => {
    vi.useFakeTimers();
    let failures = 2;
    const attempt = vi.fn(() =>
      failures-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve('loaded'),
    );
    const what = later(attempt);
    const { result } = renderHook(() => useLoadLater(what, { afterFailure: true }));
    expect(result.current.value).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(attempt).toHaveBeenCalledTimes(1);
    // The next try waits twice as long.
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(attempt).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(attempt).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(result.current.value).toBe('loaded');
  });

  it('loads at once on the online event and on retry, and not again once loaded', async () => {
    const attempt = vi.fn(() => Promise.resolve('area'));
    const what = later(attempt);
    const { result } = renderHook(() => useLoadLater(what, { afterFailure: true }));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current.value).toBe('area');
    expect(attempt).toHaveBeenCalledTimes(1);
    await act(async () => {
      result.current.retry();
      window.dispatchEvent(new Event('online'));
    });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('starts with what was loaded before, without asking again', async () => {
    const attempt = vi.fn(() => Promise.resolve('kept'));
    const what = later(attempt);
    await what.load();
    const { result } = renderHook(() => useLoadLater(what));
    expect(result.current.value).toBe('kept');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('loads nothing until wanted, then at once', async () => {
    const attempt = vi.fn(() => Promise.resolve('toasts'));
    const what = later(attempt);
    const { result, rerender } = renderHook(({ wanted }) => useLoadLater(what, { wanted }), {
      initialProps: { wanted: false },
    });
    await act(async () => undefined);
    expect(attempt).not.toHaveBeenCalled();
    rerender({ wanted: true });
    await act(async () => undefined);
    expect(result.current.value).toBe('toasts');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('asks again for a stylesheet that failed before trying the code again, not before the first try', async () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/part.css';
    document.head.append(link);
    const fresh = () => document.querySelector('link[rel="stylesheet"]');
    let fail = true;
    const attempt = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve('part')));
    const what = later(attempt);
    await expect(what.load()).rejects.toThrow('offline');
    // jsdom loads no stylesheet and reports nothing: the link says it failed, as a browser's does.
    link.dispatchEvent(new Event('error'));
    expect(fresh()).toBe(link);
    fail = false;
    const loading = what.load();
    // The stand-in fires neither load nor error in jsdom: let the new link say it failed.
    const replaced = fresh();
    expect(replaced).not.toBe(link);
    replaced?.dispatchEvent(new Event('error'));
    await expect(loading).resolves.toBe('part');
    replaced?.remove();
  });

  it('a try that never ends counts as failed after the limit: the next one starts, and Retry is offered again', async () => {
    vi.useFakeTimers();
    let hang = true;
    const attempt = vi.fn(() => (hang ? new Promise<string>(() => {}) : Promise.resolve('area')));
    const what = later(attempt);
    const { result } = renderHook(() => useLoadLater(what));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.trying).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(ATTEMPT_LIMIT_MS - 1));
    expect(result.current.trying).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.trying).toBe(false);
    hang = false;
    await act(async () => result.current.retry());
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(result.current.value).toBe('area');
  });

  it('what a try that ran out of time loads after all is kept', async () => {
    vi.useFakeTimers();
    let finish: (v: string) => void = () => {};
    const attempt = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const what = later(attempt);
    const first = what.load();
    const failedTry = expect(first).rejects.toThrow('too long');
    await vi.advanceTimersByTimeAsync(ATTEMPT_LIMIT_MS);
    await failedTry;
    finish('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(what.peek()).toBe('late');
    await expect(what.load()).resolves.toBe('late');
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
