import { render, screen } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type BoardFocus, boardFocus, KeepFocusAcrossSwap, restoreBoardFocus } from './deferred.tsx';

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

/** The board's way: the static board notes the focus as it goes, the new one puts it back. */
function Board({ movable }: { movable: boolean }) {
  const board = useRef<HTMLDivElement>(null);
  const keep = useRef<BoardFocus | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the board is rendered anew
  useLayoutEffect(() => {
    const focused = keep.current;
    keep.current = null;
    if (focused) restoreBoardFocus(board.current, focused);
  }, [movable]);
  const cards = ['7', '8'].map((id) => (
    <article key={id} data-lead-id={id} tabIndex={-1} aria-label={`Lead ${id}`}>
      <button type="button">Actions</button>
    </article>
  ));
  // Another element type around the columns, as dnd-kit's context is: a new tree, new elements.
  return movable ? (
    <section ref={board}>{cards}</section>
  ) : (
    <div ref={board}>
      <KeepFocusAcrossSwap keep={keep} />
      {cards}
    </div>
  );
}

describe('a board rendered anew when drag and drop arrives', () => {
  it('keeps the focus on the card that had it', () => {
    const { rerender } = render(<Board movable={false} />);
    const before = screen.getByRole('article', { name: 'Lead 8' });
    before.focus();
    rerender(<Board movable />);
    const after = screen.getByRole('article', { name: 'Lead 8' });
    expect(after).not.toBe(before);
    expect(after).toHaveFocus();
  });
});
