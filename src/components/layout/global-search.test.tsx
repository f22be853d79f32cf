import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { GlobalSearch } from './global-search.tsx';

/*
 * The header's menu and search load after the page's content (components/deferred.tsx); in tests the first content
 * counts as shown at once, so they load right after the first render, asynchronously: the first render shows the
 * stand-ins. Once loaded, a part stays loaded for the rest of the file: each test renders only its own part, once.
 */
inProcessService();

function header() {
  return within(screen.getByRole('banner'));
}

function inHeader(part: ReactElement) {
  return <header>{part}</header>;
}

describe("the header's patient search", () => {
  it('shows a read-only search field first; Ctrl+K pressed before the search box is there focuses the real one', async () => {
    signInForTest();
    renderWithProviders(inHeader(<GlobalSearch />));
    const standIn = header().getByRole('textbox', { name: 'Search patients' });
    expect(standIn).toHaveAttribute('readonly');
    expect(standIn).toHaveAttribute(
      'placeholder',
      'Name, date of birth, phone, patient no., mail or AHV no.',
    );
    expect(header().getByText(/^(Ctrl|⌘) K$/)).toBeInTheDocument();

    // At once, while the header shows the stand-in. jsdom lays nothing out, so the header field counts as hidden
    // (a narrow screen) and the search opens in a dialog, its field focused.
    fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Search patients' });
    const field = await within(dialog).findByRole('combobox', { name: 'Search patients' });
    await expect.poll(() => document.activeElement).toBe(field);

    // The header's field is the real search box now too (in tests the dialog is not in a portal: in the header too).
    await expect.poll(() => header().getAllByRole('combobox', { name: 'Search patients' })).toHaveLength(2);
    expect(header().queryByRole('textbox', { name: 'Search patients' })).not.toBeInTheDocument();
  });
});
