import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadWhenOnline } from './load-when-online.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useLoadWhenOnline', () => {
  it('online already (the connection came back before the failure arrived): tries again by itself, less often each time', async () => {
    vi.useFakeTimers();
    let failures = 2;
    const attempt = vi.fn(() =>
      failures-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve('loaded'),
    );
    const { result } = renderHook(() => useLoadWhenOnline(attempt, null));
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
    const { result } = renderHook(() => useLoadWhenOnline(attempt, null));
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

  it('starts with what was loaded before, without asking', () => {
    const attempt = vi.fn(() => Promise.resolve('again'));
    const { result } = renderHook(() => useLoadWhenOnline(attempt, 'kept'));
    expect(result.current.value).toBe('kept');
    expect(attempt).not.toHaveBeenCalled();
  });
});
