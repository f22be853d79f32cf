import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { UserMenu } from './user-menu.tsx';

// Signing out replaces the document (window.location.replace): here only whether and how it is asked for.
const signOuts = vi.hoisted(() => ({ signOut: vi.fn(), signOutEverywhere: vi.fn() }));
vi.mock('../sign-out.ts', () => signOuts);

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

describe("the header's user menu", () => {
  it('shows the user and the practice in the menu button before its menu is there, then opens the menu', async () => {
    signInForTest();
    const user = userEvent.setup();
    renderWithProviders(inHeader(<UserMenu />));
    // The stand-in: the same content, inert.
    const standIn = header().getByTestId('practice-name').closest('button');
    expect(standIn).toHaveAttribute('aria-disabled', 'true');
    expect(header().getByTestId('practice-name')).toHaveTextContent(/^Practice Demo$/);

    // The real menu button: the user's name (from whoami), no longer inert.
    // The default second of expect.poll is too short on a busy machine (it failed so on main, under load).
    await expect.poll(() => header().getByTestId('user-name').textContent, { timeout: 10_000 }).not.toBe('…');
    await expect
      .poll(() => header().getByTestId('user-name').closest('button'), { timeout: 10_000 })
      .not.toHaveAttribute('aria-disabled');
    await user.click(header().getByTestId('user-name'));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('asks before signing out on every device, names the user, and keeps the page when the server is not reached', async () => {
    signInForTest({ auth: { kind: 'basic', user: 'demo', password: 'demo' } });
    const user = userEvent.setup();
    renderWithProviders(inHeader(<UserMenu />));
    await expect
      .poll(() => header().getByTestId('user-name').closest('button'), { timeout: 10_000 })
      .not.toHaveAttribute('aria-disabled');
    const openMenu = async () => {
      await user.click(header().getByTestId('user-name'));
      await user.click(await screen.findByRole('menuitem', { name: 'Sign out on every device' }));
      return screen.findByRole('dialog', { name: 'Sign out on every device?' });
    };

    // Cancel (the focused default) signs nobody out.
    let dialog = await openMenu();
    expect(dialog).toHaveTextContent('This ends every session of “demo” at this practice');
    expect(dialog).toHaveTextContent('including colleagues signed in with the same user name');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signOuts.signOutEverywhere).not.toHaveBeenCalled();

    // Not reached: nobody was signed out, and it says so; the dialog stays for another try.
    signOuts.signOutEverywhere.mockRejectedValueOnce(
      new ApiError({ op: 'sign-out', kind: 'network', httpStatus: 0, msg: 'unreachable' }),
    );
    dialog = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(dialog).findByText('Nobody was signed out')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('The practice server cannot be reached.');

    signOuts.signOutEverywhere.mockResolvedValueOnce(undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(signOuts.signOutEverywhere).toHaveBeenCalledTimes(2);
    expect(signOuts.signOut).not.toHaveBeenCalled();
  });
});
