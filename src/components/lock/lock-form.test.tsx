import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionRequest } from '#api/client.ts';
import { i18n } from '#i18n/index.ts';
import { renderWithProviders } from '#test/render.tsx';
import { inProcessService } from '#test/service.ts';
import { LockForm } from './lock-form.tsx';

// The app's server in front of the reference service: a real session, locked on the server.
const api = inProcessService();

describe('the lock screen', { timeout: 30_000 }, () => {
  it('says in the practice language how long to wait when the account is held, and stays locked', async () => {
    await sessionRequest('/session', { user: 'demo', password: 'demo' });
    await sessionRequest('/session/lock');
    // The practice (or the app server's count) holds the account after too many failures.
    api.intercept('whoami', () => ({
      http: 429,
      msg: 'Too many failed sign-ins. Try again later.',
      headers: { 'retry-after': '150' },
    }));
    await i18n.changeLanguage('de');
    try {
      const { user } = renderWithProviders(<LockForm />);
      await user.type(screen.getByLabelText('Passwort'), 'demo');
      await user.click(screen.getByRole('button', { name: 'Entsperren' }));
      expect(
        await screen.findByText('Zu viele Fehlversuche. Erneut versuchen in 3 Min.'),
      ).toBeInTheDocument();
      expect(screen.queryByText(/Too many failed sign-ins/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Entsperren' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
