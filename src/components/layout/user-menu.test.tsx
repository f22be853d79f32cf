import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signInForTest } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { UserMenu } from './user-menu.tsx';

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
});
