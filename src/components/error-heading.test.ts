import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '#api/errors.ts';
import { operations } from '#contract/operations.ts';
import { languages } from '#i18n/detect.ts';
import { i18n } from '#i18n/index.ts';
import { errorHeadingKey, errorHeadings, errorTitle } from './error-heading.ts';
import { describeError } from './states.tsx';

const ops = Object.keys(operations);
const failure = (op: string, init: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ op, kind: 'http', httpStatus: 500, msg: 'Internal error.', ...init });

describe('the heading of a failed call', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it.each(languages)('words every operation of the contract in %s, never by its name', async (lng) => {
    await i18n.changeLanguage(lng);
    const fallback = i18n.t('failedHeading.fallback');
    const missing: string[] = [];
    for (const op of ops) {
      const heading = errorTitle(failure(op), i18n.t);
      if (
        !errorHeadings.has(op) ||
        !heading.trim() ||
        heading === fallback ||
        heading.includes('failedHeading') ||
        heading.toLowerCase().includes(op.toLowerCase())
      ) {
        missing.push(`${op}: ${heading}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says what failed in the words of a receptionist', async () => {
    await i18n.changeLanguage('de');
    expect(errorTitle(failure('getCustomerById'), i18n.t)).toBe(
      'Patientendaten konnten nicht geladen werden',
    );
    await i18n.changeLanguage('fr');
    expect(errorTitle(failure('setLeadFolder'), i18n.t)).toBe('Le prospect n’a pas pu être déplacé');
  });

  it('has a general heading for a name it does not know, also one of Object.prototype', async () => {
    await i18n.changeLanguage('de');
    expect(errorHeadingKey('constructor')).toBe('fallback');
    expect(errorTitle(failure('somethingNew'), i18n.t)).toBe(
      'Daten konnten nicht geladen oder gespeichert werden',
    );
  });
});

describe('the sentence under it', () => {
  it('names neither the operation nor the field of a contract mismatch, nor a bare HTTP status', async () => {
    await i18n.changeLanguage('en');
    const texts = [
      failure('getTasks', {
        kind: 'contract',
        httpStatus: 200,
        msg: 'The answer of getTasks does not fit the contract at result.0.priority: Invalid input',
      }),
      failure('updateLead', { kind: 'contract', httpStatus: 0, msg: 'Invalid input at input.x: Too big' }),
      failure('getLeads', { httpStatus: 502, msg: 'The server answered HTTP 502.' }),
      failure('getLeads', { httpStatus: 404, msg: 'The server answered HTTP 404.' }),
    ].map((e) => describeError(e, i18n.t));
    for (const text of texts) expect(text).not.toMatch(/getTasks|updateLead|getLeads|priority|input\.x|HTTP/);
    // A message of the service's own stays (forms translate the ones they know, components/messages.ts).
    expect(describeError(failure('getLeads', { httpStatus: 404, msg: 'Lead not found.' }), i18n.t)).toBe(
      'Lead not found.',
    );
  });
});
