import type { Translation } from '../../i18n/types.ts';

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
    accept: 'Drop the files to upload them',
    disabled: 'Uploading is not possible with this sign-in.',
  },
  list: {
    title: 'Uploads of this session',
    caption: 'Files uploaded in this session, in the order they were given',
    empty: 'No files uploaded in this session yet.',
    emptyHint: 'The list stays while you work elsewhere in the app, until you sign out or close the tab.',
    file: 'File',
    size: 'Size',
    progress: 'Progress',
    answer: 'Answer of the service',
    actions: 'Actions',
    retry: 'Retry',
    retryLabel: 'Send {{name}} again',
    remove: 'Remove',
    removeLabel: 'Remove {{name}} from the list',
    retryAll: 'Retry all failed',
    clearFinished: 'Clear accepted and invalid',
    summary:
      '{{accepted}} accepted, {{refused}} refused or failed, {{pending}} in progress, {{invalid}} not sent',
    status: 'Status {{status}}',
    notSent: 'Not sent.',
    keptUntilDone: 'The file stays here for a retry until the service accepts it.',
    refusedHint: 'Sending it again would be refused again: correct the file, then add it anew.',
    noRetryHint: 'Sending it again would not help: ask the laboratory for a corrected file.',
    patient: 'Patient',
    checkAgain: 'Check again and upload',
    checkAgainLabel: 'Check the patient of {{name}} again and upload it',
  },
  identity: {
    whose: '{{name}}, born {{dob}}',
    known: 'Known: {{name}} (no. {{patid}})',
    journal: 'Open the journal of {{name}}',
    unknown:
      'No patient with number {{patid}} or named {{name}}, born {{dob}}: create the patient or correct the message, then upload.',
    unknownNoNumber:
      'No patient named {{name}}, born {{dob}}: create the patient or correct the message, then upload.',
    create: 'Create the patient',
    fromMessage: 'From {{file}}',
  },
  phase: {
    invalid: 'Not sent',
    waiting: 'Waiting',
    checking: 'Checking the patient',
    unknownPatient: 'Held: patient unknown',
    reading: 'Reading',
    sending: 'Sending',
    accepted: 'Accepted',
    refused: 'Refused',
    failed: 'Failed',
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
} as const;

export const de: Translation<typeof en> = {
  title: 'Laborbefunde',
  intro:
    'Laden Sie die Dateien Ihres Labors hoch: HL7-Nachrichten (.hl7) und die zugehörigen PDF-Berichte (.pdf). Mehrere Dateien können auf einmal hineingezogen oder ausgewählt werden.',
  pairing:
    'Eine HL7-Nachricht und ihr PDF-Bericht gehören zusammen, wenn sie denselben Namen ohne Endung haben (zum Beispiel 4711.hl7 und 4711.pdf). Die Reihenfolge spielt keine Rolle: Ein zuerst gesendetes PDF wartet auf seine HL7-Nachricht.',
  patient:
    'Der Patient wird ausschliesslich aus dem HL7-Inhalt bestimmt (Patientennummer in PID-3, oder Name und Geburtsdatum). Hier wird kein Patient gewählt.',
  limits:
    'Nur .hl7- und .pdf-Dateien, Namen mit höchstens 255 Zeichen, höchstens etwa 19,6 MB pro Datei (25 MB nach der Kodierung).',
  noModule: {
    title: 'Laborupload ist für diese Anmeldung nicht freigeschaltet',
    text: 'Die Zugangsdaten, mit denen Sie angemeldet sind, sind nicht für das Modul labor freigeschaltet; der Dienst würde jede Datei ablehnen. Bitten Sie Ihre Administration, das Modul freizuschalten, oder melden Sie sich mit passenden Zugangsdaten an.',
  },
  drop: {
    label: 'Labordateien hier ablegen',
    hint: 'Ziehen Sie .hl7- und .pdf-Dateien in diesen Bereich oder verwenden Sie die Schaltfläche.',
    choose: 'Dateien auswählen',
    accept: 'Dateien loslassen, um sie hochzuladen',
    disabled: 'Mit dieser Anmeldung ist kein Upload möglich.',
  },
  list: {
    title: 'Uploads dieser Sitzung',
    caption: 'In dieser Sitzung hochgeladene Dateien, in der Reihenfolge, in der sie übergeben wurden',
    empty: 'In dieser Sitzung wurden noch keine Dateien hochgeladen.',
    emptyHint:
      'Die Liste bleibt erhalten, während Sie anderswo in der App arbeiten, bis Sie sich abmelden oder den Tab schliessen.',
    file: 'Datei',
    size: 'Grösse',
    progress: 'Fortschritt',
    answer: 'Antwort des Dienstes',
    actions: 'Aktionen',
    retry: 'Erneut senden',
    retryLabel: '{{name}} erneut senden',
    remove: 'Entfernen',
    removeLabel: '{{name}} aus der Liste entfernen',
    retryAll: 'Alle fehlgeschlagenen erneut senden',
    clearFinished: 'Angenommene und ungültige entfernen',
    summary:
      '{{accepted}} angenommen, {{refused}} abgelehnt oder fehlgeschlagen, {{pending}} in Arbeit, {{invalid}} nicht gesendet',
    status: 'Status {{status}}',
    notSent: 'Nicht gesendet.',
    keptUntilDone: 'Die Datei bleibt für einen neuen Versuch hier, bis der Dienst sie annimmt.',
    refusedHint:
      'Ein erneutes Senden würde wieder abgelehnt: Korrigieren Sie die Datei und fügen Sie sie dann neu hinzu.',
    noRetryHint: 'Erneutes Senden hilft hier nicht: Verlangen Sie beim Labor eine korrigierte Datei.',
    patient: 'Patient',
    checkAgain: 'Erneut prüfen und hochladen',
    checkAgainLabel: 'Patient von {{name}} erneut prüfen und hochladen',
  },
  identity: {
    whose: '{{name}}, geboren {{dob}}',
    known: 'Bekannt: {{name}} (Nr. {{patid}})',
    journal: 'Krankengeschichte von {{name}} öffnen',
    unknown:
      'Kein Patient mit der Nummer {{patid}} oder dem Namen {{name}}, geboren {{dob}}: Erfassen Sie den Patienten oder korrigieren Sie die Nachricht, dann hochladen.',
    unknownNoNumber:
      'Kein Patient mit dem Namen {{name}}, geboren {{dob}}: Erfassen Sie den Patienten oder korrigieren Sie die Nachricht, dann hochladen.',
    create: 'Patient erfassen',
    fromMessage: 'Aus {{file}}',
  },
  phase: {
    invalid: 'Nicht gesendet',
    waiting: 'Wartet',
    checking: 'Patient wird geprüft',
    unknownPatient: 'Zurückgehalten: Patient unbekannt',
    reading: 'Wird gelesen',
    sending: 'Wird gesendet',
    accepted: 'Angenommen',
    refused: 'Abgelehnt',
    failed: 'Fehlgeschlagen',
  },
  readProgress: '{{name}} wird gelesen: {{percent}} %',
  sendProgress: '{{name}} wird gesendet',
  problem: {
    extension: 'Nur .hl7- und .pdf-Dateien können hochgeladen werden.',
    nameTooLong: 'Der Dateiname ist länger als 255 Zeichen.',
    tooLarge: 'Die Datei ist zu gross: höchstens 25 MB nach der Kodierung (etwa 19,6 MB).',
    empty: 'Die Datei ist leer.',
  },
  kind: {
    hl7: 'HL7-Nachricht',
    pdf: 'PDF-Bericht',
    other: 'Andere Datei',
  },
};
