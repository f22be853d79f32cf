import type { TFunction } from 'i18next';
import { laborLimits } from '#contract/labor.ts';
import { laborMeaning, parsePatientMismatch } from '#contract/labor-meaning.ts';

/**
 * The service's answer to one upload by what it means, in the user's language: never its status number nor its
 * English text. A message the contract does not know gets a general sentence (the caller shows the text beside it).
 */
export function answerText(answer: { status: number; msg: string }, t: TFunction<'labor'>): string {
  const meaning = laborMeaning(answer);
  switch (meaning) {
    case null:
      return answer.status === 400 ? t('answer.unknownRefused') : t('answer.unknownFailed');
    case 'tooManyVersions':
      return t('answer.tooManyVersions', { max: laborLimits.versions });
    case 'patientMismatch': {
      const parts = parsePatientMismatch(answer.msg);
      return parts
        ? t('answer.patientMismatch', { patid: parts.patid, name: parts.name, born: parts.born })
        : t('answer.patientMismatchPlain');
    }
    default:
      return t(`answer.${meaning}`);
  }
}
