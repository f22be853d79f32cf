import { describe, expect, it, vi } from 'vitest';
import { offerUndo } from './undo.tsx';

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
