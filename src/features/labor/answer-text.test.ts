import { describe, expect, it } from 'vitest';
import { laborMessages, patientMismatchMessage } from '#contract/labor.ts';
import { laborMeaning, laborMeanings, parsePatientMismatch } from '#contract/labor-meaning.ts';
import { i18n } from '#i18n/index.ts';
import { answerText } from './answer-text.ts';

const statusOf = (key: keyof typeof laborMessages): 200 | 400 | 500 =>
  key === 'success' ? 200 : ['importFailed', 'saveFailed', 'error'].includes(key) ? 500 : 400;

const mismatch = patientMismatchMessage({
  patid: 5,
  lastname: 'Steiner',
  firstname: 'Jonas',
  dob: '1961-04-03',
});

describe('what a lab answer means', () => {
  it('gives every message of the contract a meaning, and none to a message it does not know', () => {
    for (const key of Object.keys(laborMessages) as (keyof typeof laborMessages)[]) {
      const msg = key === 'mismatch' ? mismatch : laborMessages[key];
      expect(laborMeaning({ status: statusOf(key), msg }), key).toBe(laborMeanings[key]);
    }
    expect(laborMeaning({ status: 200, msg: 'OK' })).toBe('accepted');
    expect(laborMeaning({ status: 400, msg: 'Quota exceeded.' })).toBeNull();
    expect(laborMeaning({ status: 500, msg: 'disk full' })).toBeNull();
  });

  it('reads the number, name and birth date out of the mismatch message', () => {
    expect(parsePatientMismatch(mismatch)).toEqual({ patid: 5, name: 'Steiner Jonas', born: '03.04.1961' });
    expect(parsePatientMismatch('Patient data do not match: something else')).toBeNull();
  });

  it.each(['de', 'fr', 'it', 'en'])(
    'says each answer in %s without a status code or the English text',
    (lng) => {
      const t = i18n.getFixedT(lng, 'labor');
      const seen = new Set<string>();
      for (const key of Object.keys(laborMessages) as (keyof typeof laborMessages)[]) {
        const msg = key === 'mismatch' ? mismatch : laborMessages[key];
        const text = answerText({ status: statusOf(key), msg }, t);
        expect(text, key).not.toMatch(/answer\.|\{\{|\b[245]00\b/);
        expect(text, key).not.toContain(msg);
        seen.add(text);
      }
      // Fifteen messages, twelve meanings (three pairs share one).
      expect(seen.size).toBe(new Set(Object.values(laborMeanings)).size);
      expect(answerText({ status: 400, msg: 'Quota exceeded.' }, t)).not.toContain('Quota');
    },
  );

  it('writes them as Swiss practices do', () => {
    const de = i18n.getFixedT('de', 'labor');
    const fr = i18n.getFixedT('fr', 'labor');
    const dup = { status: 400, msg: laborMessages.duplicate };
    expect(answerText(dup, de)).toBe('Diese Datei ist bereits auf dem Praxisserver. Es ist nichts zu tun.');
    expect(answerText(dup, fr)).toBe('Ce fichier est déjà sur le serveur du cabinet. Rien à faire.');
    expect(answerText({ status: 400, msg: laborMessages.tooManyVersions }, de)).toContain('25-mal');
    expect(answerText({ status: 400, msg: mismatch }, de)).toContain(
      'Nummer 5 ist Steiner Jonas, geboren 03.04.1961',
    );
    expect(answerText({ status: 500, msg: laborMessages.saveFailed }, fr)).toBe(
      'Le serveur du cabinet n’a pas pu enregistrer le fichier. Rien n’a été conservé\u202f: réessayez.',
    );
  });
});
