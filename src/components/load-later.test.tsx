import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { later, useLoadLater } from './load-later.ts';

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
    // jsdom loads no stylesheet: the link counts as failed, and is the same element after the first try.
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
});
