import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '#api/session.ts';
import { i18n } from '#i18n/index.ts';
import { renderWithProviders } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { Component as SignIn } from './route.tsx';

// The app's own service, with its demo practice (user demo, password demo).
const api = inProcessService();

/** A practice whose service lacks system/whoami (a real tenant without the reference additions). */
const withoutWhoami = () => api.intercept('whoami', () => ({ http: 404, msg: 'Unknown operation.' }));

function renderSignIn(url = '/sign-in?next=%2Ftasks') {
  return renderWithProviders(<SignIn />, { url, path: '/sign-in' });
}

// Whole forms typed key by key: slow on a busy machine.
describe('sign-in page', { timeout: 30_000 }, () => {
  it('offers the demo credentials when the own service answers whoami to them', async () => {
    renderSignIn();
    expect(await screen.findByText(/demo practice/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('User name')).toHaveValue('demo'));
    expect(screen.getByLabelText('Password')).toHaveValue('demo');
  });

  it("asks for no practice address: the app's server knows its practice", async () => {
    renderSignIn();
    await screen.findByText(/demo practice/);
    expect(screen.queryByLabelText('Practice address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Other practice…' })).toBeNull();
  });

  it('signs in with the typed credentials and goes back to where the user was', async () => {
    const { user, router } = renderSignIn();
    // The demo credentials arrive first; then the typing replaces them.
    await screen.findByText(/demo practice/);
    await user.clear(screen.getByLabelText('User name'));
    await user.type(screen.getByLabelText('User name'), 'demo');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    expect(getSession()).toMatchObject({
      base: 'http://localhost:3000/v1',
      tenant: 'demo',
      auth: { kind: 'basic', user: 'demo' },
      remember: false,
    });
    // The app's server checked them with the service and keeps them; the page keeps none.
    const last = api.calls.at(-1);
    expect(last?.headers.authorization).toBe(`Basic ${btoa('demo:demo')}`);
    expect(window.sessionStorage.length + window.localStorage.length).toBe(0);
    expect(document.cookie).not.toContain('praxis.sid');
    expect(document.body.innerHTML).not.toContain('value="demo"');
  });

  /** The service's throttle after many failed sign-ins, with the wait it names. */
  function throttled(seconds: string) {
    api.intercept('whoami', () => ({
      http: 429,
      msg: 'Too many failed sign-ins. Try again later.',
      headers: { 'retry-after': seconds },
    }));
  }

  it('says how long to wait after too many failed sign-ins and keeps what was typed', async () => {
    throttled('42');
    const { user, router } = renderSignIn('/sign-in');
    await user.type(screen.getByLabelText('User name'), 'frau.muster');
    await user.type(screen.getByLabelText('Password'), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many failed attempts. Try again in 42 s.')).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toHaveValue('frau.muster');
    expect(screen.getByLabelText('Password')).toHaveValue('falsch');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(getSession()).toBeNull();
  });

  it('says it in German too, in minutes rounded up from a minute on', async () => {
    await i18n.changeLanguage('de');
    try {
      throttled('61');
      const { user } = renderSignIn('/sign-in');
      await user.type(screen.getByLabelText('Benutzername'), 'frau.muster');
      await user.type(screen.getByLabelText('Passwort'), 'falsch');
      await user.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect(
        await screen.findByText('Zu viele Fehlversuche. Erneut versuchen in 2 Min.'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Benutzername')).toHaveValue('frau.muster');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says in words that the user name or password is wrong, keeps what was typed and clears it on edit', async () => {
    const { user, router } = renderSignIn('/sign-in');
    // The demo credentials arrive first; then the typing replaces them.
    await screen.findByText(/demo practice/);
    await user.clear(screen.getByLabelText('User name'));
    await user.type(screen.getByLabelText('User name'), 'frau.muster');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name or password is wrong.')).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized.')).toBeNull();
    expect(screen.getByLabelText('User name')).toHaveValue('frau.muster');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(getSession()).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('User name or password is wrong.')).toBeNull();
  });

  it('asks for what is missing before sending anything', async () => {
    withoutWhoami();
    const { user } = renderSignIn('/sign-in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your user name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.op !== 'whoami')).toEqual([]);
  });

  it('without whoami, checks the credentials with getProviders and lets the user pick who they are', async () => {
    withoutWhoami();
    const { user, router } = renderSignIn();
    await user.type(screen.getByLabelText('User name'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'demo');
    await user.click(screen.getByLabelText('Remember on this device'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Who are you?' })).toBeInTheDocument();
    expect(api.calls.at(-1)).toMatchObject({ op: 'getProviders', input: { getall: 1 } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Pick who you are.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'I am' }));
    await user.click(await screen.findByRole('option', { name: 'Dr. med. Marc Favre' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    expect(getSession()).toMatchObject({
      userid: 3,
      remember: true,
      auth: { kind: 'basic', user: 'demo' },
    });
    // Remembered: a longer cookie on the server's side, nothing in the page's storage.
    expect(window.localStorage.getItem('praxis.session')).toBeNull();
  });
});
