import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isoDate } from '#contract/common.ts';
import { renderWithProviders } from '#test/render.tsx';
import { DayField } from './date-time-fields.tsx';

const schema = z.object({ day: isoDate('Enter a date.') });

/** A form with one required day, as the appointment dialog has it; Save hands its values to `saved`. */
function DayForm({ initial, saved }: { initial: string; saved: (day: string) => void }) {
  const form = useForm({ defaultValues: { day: initial } });
  const submit = form.handleSubmit((v) => {
    const parsed = schema.safeParse(v);
    if (parsed.success) saved(parsed.data.day);
    else form.setError('day', { message: 'Enter a date.' });
  });
  return (
    <form onSubmit={submit}>
      <Controller
        control={form.control}
        name="day"
        render={({ field }) => (
          <DayField
            label="Date"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={form.formState.errors.day?.message}
          />
        )}
      />
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.reset({ day: initial })}>
        Reset
      </button>
    </form>
  );
}

/** A filter: only days are handed on. */
function DayFilter({ changed }: { changed: (day: string) => void }) {
  const [day, setDay] = useState('2026-11-25');
  return (
    <DayField
      label="Due from"
      keepDay
      clearable
      value={day}
      onChange={(v) => {
        changed(v);
        setDay(v);
      }}
    />
  );
}

describe('DayField, the one date field', () => {
  // Wednesday 25.11.2026, 09:40 in Zurich.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T08:40:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads 1.12.26 and 1.12. as the first of December and shows it in full', async () => {
    const saved = vi.fn();
    const { user } = renderWithProviders(<DayForm initial="2026-11-25" saved={saved} />);
    const field = screen.getByRole('textbox', { name: 'Date' });
    expect(field).toHaveValue('25.11.2026');
    await user.clear(field);
    await user.type(field, '1.12.26');
    await user.tab();
    expect(field).toHaveValue('01.12.2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenLastCalledWith('2026-12-01'));

    await user.clear(field);
    await user.type(field, '24.11.');
    await user.tab();
    // From today on: the 24th of November has passed this year.
    expect(field).toHaveValue('24.11.2027');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenLastCalledWith('2027-11-24'));
  });

  it('keeps a day that does not exist as typed, says so, and saves nothing (not the day it had)', async () => {
    const saved = vi.fn();
    const { user } = renderWithProviders(<DayForm initial="2026-11-25" saved={saved} />);
    const field = screen.getByRole('textbox', { name: 'Date' });
    await user.clear(field);
    await user.type(field, '31.02.2026');
    await user.tab();
    expect(field).toHaveValue('31.02.2026');
    expect(screen.getByText('This date does not exist.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(saved).not.toHaveBeenCalled();

    // Text that is no date at all is told apart.
    await user.clear(field);
    await user.type(field, 'morgen{Enter}');
    expect(await screen.findByText('Not a date: enter DD.MM.YYYY, D.M.YY or D.M.')).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();

    // A reset brings the form's day back into the field.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field).toHaveValue('25.11.2026');
  });

  it('submitted with Enter straight after typing, saves the day typed', async () => {
    const saved = vi.fn();
    const { user } = renderWithProviders(<DayForm initial="2026-11-25" saved={saved} />);
    const field = screen.getByRole('textbox', { name: 'Date' });
    await user.clear(field);
    // While typing, 1.12.20 is a day of 2020: only the whole text counts.
    await user.type(field, '1.12.2027{Enter}');
    await waitFor(() => expect(saved).toHaveBeenLastCalledWith('2027-12-01'));
  });

  it('as a filter hands on only days: a wrong one leaves the filter as it was and says why', async () => {
    const changed = vi.fn();
    const { user } = renderWithProviders(<DayFilter changed={changed} />);
    const field = screen.getByRole('textbox', { name: 'Due from' });
    await user.clear(field);
    expect(changed).toHaveBeenLastCalledWith('');
    await user.type(field, '31.02.');
    await user.tab();
    expect(screen.getByText('This date does not exist.')).toBeInTheDocument();
    expect(changed).toHaveBeenLastCalledWith('');
    await user.clear(field);
    await user.type(field, '1.1.');
    await user.tab();
    expect(changed).toHaveBeenLastCalledWith('2027-01-01');
    expect(field).toHaveValue('01.01.2027');
  });

  it('refuses a birth date in the future or before 1900 with its own words', async () => {
    const { user } = renderWithProviders(
      <DayField label="Date of birth" kind="birth" value="" onChange={() => {}} />,
    );
    const field = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(field, '1.1.2027');
    await user.tab();
    expect(screen.getByText('The date of birth is in the future.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '31.12.1899');
    await user.tab();
    expect(screen.getByText('The date of birth is before 1900.')).toBeInTheDocument();
  });
});
