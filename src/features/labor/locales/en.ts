/** Strings of the `labor` area (namespace `labor`), in English: the keys every other language must have. */
export const en = {
  title: 'Lab results',
  intro:
    'Upload the files your laboratory sent: HL7 messages (.hl7) and their PDF reports (.pdf). Several files can be dropped or chosen at once.',
  pairing:
    'An HL7 message and its PDF report belong together when they have the same base name (for example 4711.hl7 and 4711.pdf). They may arrive in either order: a PDF sent first waits for its HL7 message.',
  patient:
    'The patient is taken from the HL7 content only (patient number in PID-3, or name and date of birth). No patient is chosen here.',
  limits:
    'Only .hl7 and .pdf files, names of at most 255 characters, at most about 19.6 MB per file (25 MB once encoded).',
  noModule: {
    title: 'Lab uploads are not enabled for this sign-in',
    text: 'The credentials you signed in with are not enabled for the module labor, so the service would refuse every file. Ask your administrator to enable the module, or sign in with credentials that have it.',
  },
  drop: {
    label: 'Drop lab files here',
    hint: 'Drag .hl7 and .pdf files into this area, or use the button.',
    choose: 'Choose files',
    disabled: 'Uploading is not possible with this sign-in.',
  },
  list: {
    title: 'Uploads of this session',
    caption: 'Files uploaded in this session, in the order they were given',
    empty: 'No files uploaded in this session yet.',
    emptyHint: 'The list stays while you work elsewhere in the app, until you sign out or close the tab.',
    file: 'File',
    status: 'Status',
    actions: 'Actions',
    retry: 'Retry',
    retryLabel: 'Send {{name}} again',
    remove: 'Remove',
    removeLabel: 'Remove {{name}} from the list',
    retryAll: 'Retry all failed',
    clearFinished: 'Clear finished',
    summary: {
      accepted_one: '{{count}} accepted',
      accepted_other: '{{count}} accepted',
      already_one: '{{count}} already uploaded',
      already_other: '{{count}} already uploaded',
      refused_one: '{{count}} refused or failed',
      refused_other: '{{count}} refused or failed',
      pending_one: '{{count}} in progress',
      pending_other: '{{count}} in progress',
      invalid_one: '{{count}} not sent',
      invalid_other: '{{count}} not sent',
    },
    notSent: 'Not sent.',
    keptUntilDone: 'The file stays here for another try until the practice server has it.',
    patient: 'Patient',
    checkAgain: 'Check again and upload',
    checkAgainLabel: 'Check the patient of {{name}} again and upload it',
  },
  phase: {
    invalid: 'Not sent',
    waiting: 'Waiting',
    reading: 'Reading',
    sending: 'Sending',
    accepted: 'Accepted',
    alreadyUploaded: 'Already uploaded',
    refused: 'Refused',
    failed: 'Failed',
    checking: 'Checking the patient',
    unknownPatient: 'Held: patient unknown',
    mismatch: 'Held: number and name do not match',
  },
  answer: {
    accepted: 'Saved on the practice server.',
    alreadyUploaded: 'This file is already on the practice server. Nothing to do.',
    notHl7:
      'This is not an HL7 message: the file has no message header (MSH). Ask the laboratory to send it again.',
    notPdf:
      'This is not a PDF file, although its name ends in .pdf. Ask the laboratory for the report again.',
    unsupportedType: 'The practice server takes only .hl7 and .pdf files.',
    tooManyVersions:
      'A file of this name has been uploaded {{max}} times, the most the practice server keeps. If it is a new result, rename the file and add it again.',
    patientMismatch:
      'The patient data do not match: number {{patid}} is {{name}}, born {{born}}, but the message names someone else. Nothing was saved. Ask the laboratory for a corrected message.',
    patientMismatchPlain:
      "The patient data in the message do not match the practice's patient. Nothing was saved. Ask the laboratory for a corrected message.",
    saveFailed: 'The practice server could not save the file. Nothing was kept: try again.',
    importFailed:
      "The practice server could not file the message in a patient's journal (often: it does not find the patient). Nothing was kept: check the patient, then try again.",
    incomplete: 'The file reached the practice server incomplete. Remove it and add it again.',
    nameTooLong:
      'The file name is too long for the practice server (at most 255 characters). Rename the file and add it again.',
    tooLarge:
      'The file is too large for the practice server (at most 25 MB once encoded). Ask the laboratory for a smaller file.',
    noModule: 'This sign-in may not upload lab results. Ask your administrator to enable the module labor.',
    unknownRefused:
      'The practice server refused the file. If this happens again, show the message below to your IT support.',
    unknownFailed: 'The practice server could not process the file: try again.',
    detail: 'Message of the server: “{{msg}}”',
  },
  readProgress: 'Reading {{name}}: {{percent}} %',
  sendProgress: 'Sending {{name}}',
  problem: {
    extension: 'Only .hl7 and .pdf files can be uploaded.',
    nameTooLong: 'The file name is longer than 255 characters.',
    tooLarge: 'The file is too large: at most 25 MB once encoded (about 19.6 MB).',
    empty: 'The file is empty.',
  },
  kind: {
    hl7: 'HL7 message',
    pdf: 'PDF report',
    other: 'Other file',
  },
  identity: {
    whose: '{{name}}, born {{dob}}',
    known: 'Known: {{name}} (no. {{patid}})',
    journal: 'Open the journal of {{name}}',
    unknown:
      'No patient with number {{patid}} or named {{name}}, born {{dob}}. Create the patient (then the file is sent), or ask the laboratory for a corrected message.',
    unknownNoNumber:
      'No patient named {{name}}, born {{dob}}. Create the patient (then the file is sent), or ask the laboratory for a corrected message.',
    create: 'Create the patient',
    fromMessage: 'From {{file}}',
    mismatch:
      'Number {{patid}} is {{known}}, born {{knownDob}}, but the message names {{name}}, born {{dob}}. Nothing was sent.',
    mismatchWhatToDo:
      "Ask the laboratory for a corrected message. If the practice's record is wrong, correct it and check again.",
    openRecord: 'Open the record of {{name}} (no. {{patid}})',
  },
} as const;
