import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askBookAnyway } from '../overlap.ts';
import { OverlapQuestionDialog } from './overlap-question.tsx';

function renderQuestion() {
  render(
    <MantineProvider env="test">
      <OverlapQuestionDialog />
    </MantineProvider>,
  );
  return userEvent.setup();
}

describe('the overlap question', () => {
  it('asks in a dialog and answers yes for "Book anyway"', async () => {
    const user = renderQuestion();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = askBookAnyway('Dr. Rossi', 3);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Time already taken' });
    expect(dialog).toHaveTextContent('Dr. Rossi already has 3 appointments then. Book anyway?');
    await user.click(screen.getByRole('button', { name: 'Book anyway' }));
    await expect(answer).resolves.toBe(true);
  });

  it('answers no for "No, go back", and a second question answers the first with no', async () => {
    const user = renderQuestion();
    let first: Promise<boolean> = Promise.resolve(true);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = askBookAnyway('Labor / MPA', 1);
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Labor / MPA already has an appointment then.',
    );
    act(() => {
      second = askBookAnyway('Dr. Brunner', 2);
    });
    await expect(first).resolves.toBe(false);
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Dr. Brunner already has 2 appointments then.',
    );
    await user.click(screen.getByRole('button', { name: 'No, go back' }));
    await expect(second).resolves.toBe(false);
  });
});
