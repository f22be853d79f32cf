import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPatient } from '#test/factories.ts';
import { expectOnlyAllowedKeys, renderSearchAt, searchBodies } from '#test/patient-search.tsx';
import { signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { PatientSearchBox } from './patient-search.tsx';

// The machine is shared: give the UI time.
vi.setConfig({ testTimeout: 30_000 });

const api = inProcessService();

beforeEach(() => {
  signInForTest();
});

describe('the patient search field', () => {
  it('sends each kind of input as an allowed criterion, and nothing else', async () => {
    const { user } = renderSearchAt(<PatientSearchBox label="Search patients" onPick={() => undefined} />);
    const field = screen.getByRole('combobox', { name: 'Search patients' });
    const cases: [string, Record<string, unknown>][] = [
      ['Müller', { lastname: 'Müller' }],
      ['Müller Anna', { lastname: 'Müller', firstname: 'Anna' }],
      ['Anna Müller', { lastname: 'Müller', firstname: 'Anna' }],
      // A typed birth date goes out as YYYY-MM-DD (searchPatients takes both; one parser reads what was typed).
      ['21.11.1980', { dob: '1980-11-21' }],
      ['18.9.49', { dob: '1949-09-18' }],
      ['079 100 79 19', { phone: '079 100 79 19' }],
      ['756 1000 0003 75', { ahv: '756 1000 0003 75' }],
      ['1980-11-21', { dob: '1980-11-21' }],
      ['42', { patid: 42 }],
      ['anna.mueller@example.ch', { mail: 'anna.mueller@example.ch' }],
      ['756.1234.5678.97', { ahv: '756.1234.5678.97' }],
    ];
    for (const [text, criteria] of cases) {
      await user.clear(field);
      await user.type(field, text);
      // A name is searched in both orders, side by side: one of the last requests is this one.
      await waitFor(() =>
        expect(
          searchBodies(api)
            .slice(-2)
            .map(({ offset: _o, limit: _l, ...sent }) => sent),
        ).toContainEqual(criteria),
      );
    }
    expectOnlyAllowedKeys(api);
  });

  it('opens the first hit on Enter, and another one after the arrow keys', async () => {
    const anna = await createPatient(api, { lastname: 'Mühlematter', firstname: 'Anna' });
    const beat = await createPatient(api, { lastname: 'Mühlematter-Schmid', firstname: 'Beat' });
    const picked: number[] = [];
    const { user } = renderSearchAt(
      <PatientSearchBox label="Search patients" onPick={(p) => picked.push(p.patid)} />,
    );
    const field = screen.getByRole('combobox', { name: 'Search patients' });
    await user.type(field, 'Mühlematter');
    await screen.findByRole('option', { name: /^Mühlematter-Schmid, Beat, / });
    await user.keyboard('{Enter}');
    expect(picked).toEqual([anna.patid]);

    await user.type(field, 'Mühlematter');
    await screen.findByRole('option', { name: /^Mühlematter-Schmid, Beat, / });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picked).toEqual([anna.patid, beat.patid]);
  });
});

describe('a practice server without the phone criterion', () => {
  it('says it cannot search by phone instead of showing the raw refusal', async () => {
    // A real tenant refuses what its document does not list (docs/api.md#patient-search, phone: the client's fallback).
    api.intercept('searchPatients', (input) =>
      'phone' in input ? { http: 400, msg: 'Unknown parameter(s): phone' } : undefined,
    );
    const { user } = renderSearchAt(<PatientSearchBox label="Search patients" onPick={() => undefined} />);
    await user.type(screen.getByRole('combobox', { name: 'Search patients' }), '079 100 79 19');
    expect(await screen.findByText(/cannot search by phone number/)).toBeInTheDocument();
    expect(screen.queryByText(/Unknown parameter/)).toBeNull();
  });
});

describe('the header search with its second action', () => {
  it('offers "Book appointment" beside each hit, reached by the arrow keys', async () => {
    const cora = await createPatient(api, { lastname: 'Buchaktion', firstname: 'Cora' });
    const opened: number[] = [];
    const booked: number[] = [];
    const { user } = renderSearchAt(
      <PatientSearchBox
        label="Search patients"
        onPick={(p) => opened.push(p.patid)}
        onBook={(p) => booked.push(p.patid)}
      />,
    );
    const field = screen.getByRole('combobox', { name: 'Search patients' });
    await user.type(field, 'Buchaktion');
    const book = await screen.findByRole('option', { name: /^Book appointment for Buchaktion, Cora, / });
    expect(book).toHaveTextContent('Book');
    // The hit is highlighted first; one arrow down is its "Book appointment".
    await user.keyboard('{ArrowDown}{Enter}');
    expect(booked).toEqual([cora.patid]);
    expect(opened).toEqual([]);

    await user.type(field, 'Buchaktion');
    await screen.findByRole('option', { name: /^Buchaktion, Cora, / });
    await user.keyboard('{Enter}');
    expect(opened).toEqual([cora.patid]);
  });

  it('offers "Waiting list" as a third action, after "Book appointment"', async () => {
    const ida = await createPatient(api, { lastname: 'Wartelistig', firstname: 'Ida' });
    const waiting: number[] = [];
    const { user } = renderSearchAt(
      <PatientSearchBox
        label="Search patients"
        onPick={() => undefined}
        onBook={() => undefined}
        onWaitlist={(p) => waiting.push(p.patid)}
      />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Search patients' }), 'Wartelistig');
    await screen.findByRole('option', { name: /^Put Wartelistig, Ida, .* on the waiting list$/ });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(waiting).toEqual([ida.patid]);
  });

  it('shows no empty list while the field is empty: the hint stands outside the list', async () => {
    const { user } = renderSearchAt(
      <PatientSearchBox label="Search patients" onPick={() => undefined} onBook={() => undefined} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Search patients' }));
    expect(await screen.findByText(/Type a name \(either order\)/)).toBeVisible();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('option')).toBeNull();
  });
});
