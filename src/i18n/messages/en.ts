import type { waitlistMessages as waitlist } from '#contract/agenda-waitlist.ts';
import type { MSG as recall } from '#contract/recall.ts';
import type { MSG as sales } from '#contract/sales.ts';

/**
 * The service's messages in words for the person at the desk (namespace `messages`, components/messages.ts): one
 * key per message of an area's `MSG` table (contract/<area>.ts), under the area's name. A message that starts a
 * text (`Unknown source: `) is translated as a start too; the rest follows it unchanged.
 */
export const en: {
  sales: Record<keyof typeof sales, string>;
  recall: Record<keyof typeof recall, string>;
  system: { patientDeleted: string; patientChanged: string };
  waitlist: Record<keyof typeof waitlist, string>;
} = {
  sales: {
    leadId: 'Choose a lead.',
    leadIdOrUniqid: 'Choose a lead.',
    date: 'Enter a valid date.',
    until: 'Enter a valid end date, not before the admission.',
    identifying: 'Enter at least one of last name, e-mail, mobile or phone.',
    intakeIdentifying: 'Enter at least one of last name, e-mail, phone or mobile.',
    createFailed: 'The lead could not be created.',
    groupBy: 'Choose what to group by.',
    unsupportedGroupBy: 'This grouping is not available: ',
    unsupportedMetric: 'This figure is not available: ',
    unsupportedKind: 'This kind of list is not available: ',
    unknownField: 'This field is not known: ',
    text: 'Enter a text.',
    historyId: 'Choose an entry of the history.',
    historyNotFound: 'This history entry does not exist (any more).',
    notATask: 'This entry is not a task.',
    reasonCode: 'Choose a reason.',
    unknownReasonCode: 'This reason is not known: ',
    unknownCategory: 'This category is not known: ',
    reasonRequired: 'A reason is required to delete a lead.',
    leadAndFolder: 'Choose a lead and a folder.',
    folderId: 'Choose a folder.',
    disqualifyOnly: 'A lead is disqualified only through Disqualify, with a reason.',
    otherPipeline: 'This folder belongs to the other pipeline.',
    leadIds: 'Choose at least one lead.',
    userId: 'Choose a user.',
    userNotFound: 'This user does not exist.',
    patid: 'Enter a valid patient number.',
    leadNotFound: 'The lead does not exist.',
    leadNotDeleted: 'The lead is not deleted (any more).',
    patientNotFound: 'This patient does not exist.',
    leadDeleted: 'The lead is deleted. Restore it first.',
    unknownSource: 'This source is not known: ',
    unknownFlag: 'This flag is not known: ',
    alreadyConverted: 'This lead is already converted.',
    reminderDate: 'Enter a valid reminder date (and time).',
    priority: 'Choose a priority from 0 to 3.',
    assignedTo: 'Choose a valid assignee.',
    dateFilter: 'Enter the dates as YYYY-MM-DD.',
    orderBy: 'This order is not available: ',
    orderDir: 'This direction of order is not available: ',
    leadChanged: 'This lead was changed meanwhile by someone else.',
  },
  recall: {
    title: 'Enter a title.',
    patid: 'Choose a patient.',
    patientMissing: 'This patient does not exist.',
    date: 'Enter a valid recall date.',
    recallType: 'Choose how the recall is sent.',
    recallId: 'Choose a recall.',
    recallMissing: 'This recall does not exist (any more).',
  },
  system: {
    patientDeleted: 'This patient is deleted. Choose another patient.',
    patientChanged: 'This patient was changed meanwhile by someone else.',
  },
  waitlist: {
    patid: 'Choose a patient.',
    patientNotFound: 'This patient does not exist.',
    patientDeleted: 'This patient is deleted. Choose another patient.',
    service: 'This service is not known.',
    provider: 'This practitioner does not exist.',
    window: 'The latest day is before the earliest.',
    priority: 'Choose a priority: normal, high or urgent.',
    note: 'The note is too long (at most 1000 characters).',
    notFound: 'This waiting list entry does not exist (any more).',
    changed: 'This waiting list entry was changed meanwhile by someone else.',
  },
};
