import { describe, expect, it } from 'vitest';
import { recallFailure } from './recall-error.tsx';

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
});
