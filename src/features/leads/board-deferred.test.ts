import { afterEach, describe, expect, it } from 'vitest';
import { boardFocus, restoreBoardFocus } from './board-deferred.tsx';

/** A board as the columns render it: cards with a checkbox and an Actions button. */
function board(): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = ['7', '8']
    .map(
      (id) =>
        `<article data-lead-id="${id}" tabindex="-1"><input type="checkbox" /><button type="button">Actions</button></article>`,
    )
    .join('');
  document.body.append(el);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the focus across a new rendering of the board', () => {
  it('puts the focus back on the same card, or the same control in it, in the new elements', () => {
    for (const [selector, part] of [
      ['[data-lead-id="8"]', 'card'],
      ['[data-lead-id="8"] input', 'input'],
      ['[data-lead-id="8"] button', 'button'],
    ] as const) {
      const before = board();
      before.querySelector<HTMLElement>(selector)?.focus();
      const focus = boardFocus(before);
      expect(focus).toEqual({ leadId: '8', part });
      before.remove();
      const after = board();
      expect(document.activeElement).toBe(document.body);
      restoreBoardFocus(after, focus as NonNullable<typeof focus>);
      expect(document.activeElement).toBe(after.querySelector(selector));
      after.remove();
    }
  });

  it('leaves the focus alone when it was not on the board', () => {
    const el = board();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    expect(boardFocus(el)).toBeNull();
  });
});
