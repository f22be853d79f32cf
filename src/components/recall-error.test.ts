import { describe, expect, it } from 'vitest';
import { recallFailure, resendBlocker, resendNeedsAddress } from './recall-error.tsx';

const none = { customerMail: '', customerMobile: '' };
const both = { customerMail: 'anna@example.ch', customerMobile: '+41 79 555 12 34' };

describe("a failed recall's error", () => {
  it('is read by what it means, whatever the wording of the service', () => {
    expect(recallFailure({ ...none, errorMsg: 'Keine Mobilnummer hinterlegt' })).toBe('noMobile');
    expect(recallFailure({ ...none, errorMsg: 'Keine Mailadresse hinterlegt' })).toBe('noMail');
    expect(recallFailure({ ...none, errorMsg: 'No e-mail address' })).toBe('noMail');
    expect(recallFailure({ ...none, errorMsg: 'Adresse unvollständig' })).toBe('noAddress');
    expect(recallFailure({ ...both, errorMsg: 'Zustellung fehlgeschlagen: 550 Mailbox unavailable' })).toBe(
      'mailBounced',
    );
    expect(recallFailure({ ...both, errorMsg: 'SMS-Gateway: Empfängernummer ungültig' })).toBe('smsRejected');
    expect(recallFailure({ ...both, errorMsg: 'Druckauftrag abgebrochen' })).toBe('printAborted');
    expect(recallFailure({ ...both, errorMsg: 'Quota exceeded' })).toBeNull();
  });

  it('"no mail address" beside an address says it was added since: send again', () => {
    expect(recallFailure({ ...both, errorMsg: 'Keine Mailadresse hinterlegt' })).toBe('noMailMended');
    expect(recallFailure({ ...both, errorMsg: 'Keine Mobilnummer hinterlegt' })).toBe('noMobileMended');
  });

  it("is sent again only when the patient's data now let it go out", () => {
    const mail = { recallType: 'mail' as const, errorMsg: 'Keine Mailadresse hinterlegt' };
    expect(resendBlocker({ ...none, ...mail })).toBe('mail');
    expect(resendBlocker({ ...both, ...mail })).toBeNull();
    // Whatever the failure: a mail recall without an address cannot go out.
    expect(resendBlocker({ ...none, recallType: 'mail', errorMsg: 'Zustellung fehlgeschlagen: 550' })).toBe(
      'mail',
    );
    const sms = { recallType: 'sms' as const, errorMsg: 'Keine Mobilnummer hinterlegt' };
    expect(resendBlocker({ ...none, ...sms })).toBe('mobile');
    expect(resendBlocker({ ...both, ...sms })).toBeNull();
    // A letter whose address was incomplete: as the patient's record stands (unknown while it is read).
    const letter = { ...none, recallType: 'brief' as const, errorMsg: 'Adresse unvollständig' };
    expect(resendNeedsAddress(letter)).toBe(true);
    expect(resendBlocker(letter)).toBe('unknown');
    expect(resendBlocker(letter, { street: 'Gasse 1', zip: '', city: 'Bern' })).toBe('address');
    expect(resendBlocker(letter, { street: 'Gasse 1', zip: '3000', city: 'Bern' })).toBeNull();
    expect(resendBlocker(letter, null)).toBeNull();
    // A cancelled print job: the letter can be printed again.
    const printed = { ...none, recallType: 'brief' as const, errorMsg: 'Druckauftrag abgebrochen' };
    expect(resendNeedsAddress(printed)).toBe(false);
    expect(resendBlocker(printed)).toBeNull();
  });
});
