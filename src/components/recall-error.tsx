import { useTranslation } from 'react-i18next';
import type { Recall } from '#contract/recall.ts';

/**
 * A failed recall's error, by what it means. The service sends free text (the demo service German, a real instance
 * whatever its sender writes); the known ones are told in the user's language and checked against the patient's
 * data as listed now: "no mail address" beside an address means the address was added since the failure.
 */
export type RecallFailure =
  | 'noMobile'
  | 'noMobileMended'
  | 'noMail'
  | 'noMailMended'
  | 'noAddress'
  | 'mailBounced'
  | 'smsRejected'
  | 'printAborted';

const known: [
  RegExp,
  'noMobile' | 'noMail' | 'noAddress' | 'mailBounced' | 'smsRejected' | 'printAborted',
][] = [
  [
    /keine mobil|no mobile|pas de (num[ée]ro de )?(t[ée]l[ée]phone )?(portable|mobile)|nessun (numero di )?cellulare/i,
    'noMobile',
  ],
  [/keine (e-?)?mail|no (e-?)?mail|pas d.adresse (e-?)?mail|nessun(a|o)? (indirizzo )?e-?mail/i, 'noMail'],
  [
    /adresse unvollst|incomplete address|address incomplete|adresse incompl|indirizzo incompleto/i,
    'noAddress',
  ],
  [/zustellung fehlgeschlagen|mailbox unavailable|undeliverable|\b55[0-4]\b/i, 'mailBounced'],
  [/sms-gateway|empf[äa]ngernummer|invalid (recipient|number)/i, 'smsRejected'],
  [/druckauftrag|print job|impression/i, 'printAborted'],
];

export function recallFailure(
  r: Pick<Recall, 'errorMsg' | 'customerMail' | 'customerMobile'>,
): RecallFailure | null {
  const found = known.find(([pattern]) => pattern.test(r.errorMsg))?.[1];
  if (found === 'noMail' && r.customerMail.trim() !== '') return 'noMailMended';
  if (found === 'noMobile' && r.customerMobile.trim() !== '') return 'noMobileMended';
  return found ?? null;
}

/** The failure in the user's language, as it stands with the patient's data now (the recall list, the patient page). */
export function RecallFailureText({
  recall,
}: {
  recall: Pick<Recall, 'errorMsg' | 'customerMail' | 'customerMobile'>;
}) {
  const { t } = useTranslation('common');
  const failure = recallFailure(recall);
  return failure ? t(`recallFailure.${failure}`) : t('recallFailure.other', { msg: recall.errorMsg });
}

/** What a recall needs from its patient's data to go out at all. */
export type RecallNeed = 'mail' | 'mobile' | 'address';

/**
 * What keeps a failed recall from going out if it is sent again, as the patient's data stand now: null when it can
 * go out. A mail recall needs a mail address, an SMS a mobile number (both in the recall's row). A letter that failed
 * for an incomplete address needs street, zip and city, which only the patient's record has: `address` is that
 * record, undefined while it is read ('unknown': not offered yet), null when it cannot be read (offered: the
 * service will say again what is missing). Other failures (a bounced mail, a rejected number,
 * a cancelled print job) may go out once the data are checked: sending again is offered (docs/decisions/0037-no-state-no-late-no-send-again-that-cannot-go-out.md).
 */
export function resendBlocker(
  r: Pick<Recall, 'recallType' | 'errorMsg' | 'customerMail' | 'customerMobile'>,
  address?: { street: string; zip: string; city: string } | null,
): RecallNeed | 'unknown' | null {
  if (r.recallType === 'mail') return r.customerMail.trim() === '' ? 'mail' : null;
  if (r.recallType === 'sms') return r.customerMobile.trim() === '' ? 'mobile' : null;
  if (recallFailure(r) !== 'noAddress' || address === null) return null;
  if (address === undefined) return 'unknown';
  return [address.street, address.zip, address.city].some((f) => f.trim() === '') ? 'address' : null;
}

/** Whether sending again waits for the patient's record (a letter that failed for its address). */
export function resendNeedsAddress(
  r: Pick<Recall, 'recallType' | 'errorMsg' | 'customerMail' | 'customerMobile'>,
) {
  return r.recallType === 'brief' && recallFailure(r) === 'noAddress';
}
