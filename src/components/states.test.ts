import { describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { i18n } from '#i18n/index.ts';
import { describeError, heldText } from './states.tsx';

/** An account held after too many failed sign-ins: the wait from Retry-After, in the practice's language. */
describe('heldText', () => {
  const held = (lng: string, seconds: number | undefined) => heldText(seconds, i18n.getFixedT(lng, 'common'));

  it('says minutes rounded up from a minute on, seconds below one, in every language', () => {
    expect(held('de', 120)).toBe('Zu viele Fehlversuche. Erneut versuchen in 2\u00a0Min.');
    expect(held('de', 61)).toBe('Zu viele Fehlversuche. Erneut versuchen in 2\u00a0Min.');
    expect(held('de', 60)).toBe('Zu viele Fehlversuche. Erneut versuchen in 1\u00a0Min.');
    expect(held('de', 42)).toBe('Zu viele Fehlversuche. Erneut versuchen in 42\u00a0Sek.');
    expect(held('fr', 900)).toBe('Trop de tentatives échouées. Réessayer dans 15\u00a0min.');
    expect(held('fr', 5)).toBe('Trop de tentatives échouées. Réessayer dans 5\u00a0s.');
    expect(held('it', 119)).toBe('Troppi tentativi falliti. Riprovare tra 2\u00a0min.');
    expect(held('it', 1)).toBe('Troppi tentativi falliti. Riprovare tra 1\u00a0s.');
    expect(held('en', 180)).toBe('Too many failed attempts. Try again in 3\u00a0min.');
    expect(held('en', 59)).toBe('Too many failed attempts. Try again in 59\u00a0s.');
  });

  it('says a minute when the answer named no wait', () => {
    expect(held('en', undefined)).toBe('Too many failed attempts. Try again in 1\u00a0min.');
  });

  it('is what describeError says of a 429 (the lock screen shows it so), not the server message', () => {
    const error = new ApiError({
      op: 'unlock',
      kind: 'http',
      httpStatus: 429,
      msg: 'Too many failed sign-ins. Try again later.',
      retryAfter: 95,
    });
    expect(describeError(error, i18n.getFixedT('de', 'common'))).toBe(
      'Zu viele Fehlversuche. Erneut versuchen in 2\u00a0Min.',
    );
  });
});
