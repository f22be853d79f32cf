import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdForUndo, isUndone, offerUndo, UNDO_MS } from './undo.tsx';

const ctrlZ = (target: EventTarget = window) =>
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }),
  );

describe('offering an undo', () => {
  it('runs the latest undo once on Ctrl+Z, not an older one, and not again', async () => {
    const older = vi.fn(async () => null);
    const latest = vi.fn(async () => null);
    offerUndo({ message: 'first', onUndo: older });
    offerUndo({ message: 'second', onUndo: latest });
    ctrlZ();
    ctrlZ();
    await Promise.resolve();
    expect(latest).toHaveBeenCalledTimes(1);
    expect(older).not.toHaveBeenCalled();
  });

  it('leaves Ctrl+Z in a text field to the field', () => {
    const onUndo = vi.fn(async () => null);
    offerUndo({ message: 'moved', onUndo });
    const input = document.createElement('input');
    document.body.append(input);
    ctrlZ(input);
    expect(onUndo).not.toHaveBeenCalled();
    ctrlZ();
    expect(onUndo).toHaveBeenCalledTimes(1);
    input.remove();
  });
});

describe('holding what cannot be undone', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether the hold has ended: 'send', 'undone', or 'held'. */
  function watch(hold: Promise<void>) {
    let state: 'held' | 'send' | 'undone' = 'held';
    hold.then(
      () => {
        state = 'send';
      },
      (e: unknown) => {
        state = isUndone(e) ? 'undone' : 'held';
      },
    );
    return () => state;
  }

  it('is sent when the 8 seconds are up, not before', async () => {
    vi.useFakeTimers();
    const state = watch(holdForUndo('done'));
    await vi.advanceTimersByTimeAsync(UNDO_MS - 1);
    expect(state()).toBe('held');
    await vi.advanceTimersByTimeAsync(1);
    expect(state()).toBe('send');
  });

  it('is never sent after Ctrl+Z', async () => {
    vi.useFakeTimers();
    const state = watch(holdForUndo('done'));
    ctrlZ();
    await vi.advanceTimersByTimeAsync(UNDO_MS * 2);
    expect(state()).toBe('undone');
  });

  it('is sent at once when the page is left, or when a newer action takes the Undo', async () => {
    vi.useFakeTimers();
    const first = watch(holdForUndo('first'));
    const second = watch(holdForUndo('second'));
    await vi.advanceTimersByTimeAsync(0);
    expect(first()).toBe('send');
    expect(second()).toBe('held');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(second()).toBe('send');
  });

  it('a newer move undoable by the API also sends the held one', async () => {
    vi.useFakeTimers();
    const held = watch(holdForUndo('done'));
    offerUndo({ message: 'moved', onUndo: async () => null });
    await vi.advanceTimersByTimeAsync(0);
    expect(held()).toBe('send');
  });
});
