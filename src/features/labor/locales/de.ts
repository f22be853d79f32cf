import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const de: Translation<typeof en> = {
  title: 'Laborbefunde',
  intro:
    'Laden Sie die Dateien Ihres Labors hoch: HL7-Nachrichten (.hl7) und die zugehörigen PDF-Berichte (.pdf). Mehrere Dateien können auf einmal hineingezogen oder ausgewählt werden.',
  pairing:
    'Eine HL7-Nachricht und ihr PDF-Bericht gehören zusammen, wenn sie denselben Namen ohne Endung haben (zum Beispiel 4711.hl7 und 4711.pdf). Die Reihenfolge spielt keine Rolle: Ein zuerst gesendetes PDF wartet auf seine HL7-Nachricht.',
  patient:
    'Der Patient wird ausschliesslich aus dem HL7-Inhalt bestimmt (Patientennummer in PID-3, oder Name und Geburtsdatum). Hier wird kein Patient gewählt.',
  limits:
    'Nur .hl7- und .pdf-Dateien, Namen mit höchstens 255 Zeichen, höchstens etwa 19.6 MB pro Datei (25 MB nach der Kodierung).',
  noModule: {
    title: 'Laborupload ist für diese Anmeldung nicht freigeschaltet',
    text: 'Die Zugangsdaten, mit denen Sie angemeldet sind, sind nicht für das Modul labor freigeschaltet; der Dienst würde jede Datei ablehnen. Bitten Sie Ihre Administration, das Modul freizuschalten, oder melden Sie sich mit passenden Zugangsdaten an.',
  },
  drop: {
    label: 'Labordateien hier ablegen',
    hint: 'Ziehen Sie .hl7- und .pdf-Dateien in diesen Bereich oder verwenden Sie die Schaltfläche.',
    choose: 'Dateien auswählen',
    disabled: 'Mit dieser Anmeldung ist kein Upload möglich.',
  },
  list: {
    title: 'Uploads dieser Sitzung',
    caption: 'In dieser Sitzung hochgeladene Dateien, in der Reihenfolge, in der sie übergeben wurden',
    empty: 'In dieser Sitzung wurden noch keine Dateien hochgeladen.',
    emptyHint:
      'Die Liste bleibt erhalten, während Sie anderswo in der App arbeiten, bis Sie sich abmelden oder den Tab schliessen.',
    file: 'Datei',
    status: 'Status',
    actions: 'Aktionen',
    retry: 'Erneut senden',
    retryLabel: '{{name}} erneut senden',
    remove: 'Entfernen',
    removeLabel: '{{name}} aus der Liste entfernen',
    retryAll: 'Alle fehlgeschlagenen erneut senden',
    clearFinished: 'Erledigte entfernen',
    summary: {
      accepted_one: '{{count}} angenommen',
      accepted_other: '{{count}} angenommen',
      already_one: '{{count}} bereits hochgeladen',
      already_other: '{{count}} bereits hochgeladen',
      refused_one: '{{count}} abgelehnt oder fehlgeschlagen',
      refused_other: '{{count}} abgelehnt oder fehlgeschlagen',
      pending_one: '{{count}} in Arbeit',
      pending_other: '{{count}} in Arbeit',
      invalid_one: '{{count}} nicht gesendet',
      invalid_other: '{{count}} nicht gesendet',
    },
    notSent: 'Nicht gesendet.',
    keptUntilDone: 'Die Datei bleibt für einen neuen Versuch hier, bis der Praxisserver sie hat.',
    patient: 'Patient',
    checkAgain: 'Erneut prüfen und hochladen',
    checkAgainLabel: 'Patient von {{name}} erneut prüfen und hochladen',
  },
  phase: {
    invalid: 'Nicht gesendet',
    waiting: 'Wartet',
    reading: 'Wird gelesen',
    sending: 'Wird gesendet',
    accepted: 'Angenommen',
    alreadyUploaded: 'Bereits hochgeladen',
    refused: 'Abgelehnt',
    failed: 'Fehlgeschlagen',
    checking: 'Patient wird geprüft',
    unknownPatient: 'Zurückgehalten: Patient unbekannt',
    mismatch: 'Zurückgehalten: Nummer und Name passen nicht',
  },
  answer: {
    accepted: 'Auf dem Praxisserver gespeichert.',
    alreadyUploaded: 'Diese Datei ist bereits auf dem Praxisserver. Es ist nichts zu tun.',
    notHl7:
      'Das ist keine HL7-Nachricht: Der Datei fehlt der Nachrichtenkopf (MSH). Bitte beim Labor neu anfordern.',
    notPdf:
      'Das ist keine PDF-Datei, obwohl der Name auf .pdf endet. Bitte den Bericht beim Labor neu anfordern.',
    unsupportedType: 'Der Praxisserver nimmt nur .hl7- und .pdf-Dateien an.',
    tooManyVersions:
      'Eine Datei mit diesem Namen wurde schon {{max}}-mal hochgeladen, mehr Versionen behält der Praxisserver nicht. Ist es ein neuer Befund, die Datei umbenennen und erneut hinzufügen.',
    patientMismatch:
      'Die Patientendaten passen nicht: Nummer {{patid}} ist {{name}}, geboren {{born}}, die Nachricht nennt aber eine andere Person. Nichts wurde gespeichert. Bitte beim Labor eine korrigierte Nachricht anfordern.',
    patientMismatchPlain:
      'Die Patientendaten der Nachricht passen nicht zum Patienten der Praxis. Nichts wurde gespeichert. Bitte beim Labor eine korrigierte Nachricht anfordern.',
    saveFailed:
      'Der Praxisserver konnte die Datei nicht speichern. Es wurde nichts übernommen: Bitte erneut senden.',
    importFailed:
      'Der Praxisserver konnte die Nachricht keiner Krankengeschichte zuordnen (oft: Er findet den Patienten nicht). Es wurde nichts übernommen: Patient prüfen, dann erneut senden.',
    incomplete: 'Die Datei kam unvollständig auf dem Praxisserver an. Bitte entfernen und erneut hinzufügen.',
    nameTooLong:
      'Der Dateiname ist für den Praxisserver zu lang (höchstens 255 Zeichen). Datei umbenennen und erneut hinzufügen.',
    tooLarge:
      'Die Datei ist für den Praxisserver zu gross (höchstens 25 MB nach der Kodierung). Bitte beim Labor eine kleinere Datei anfordern.',
    noModule:
      'Mit dieser Anmeldung dürfen keine Laborbefunde hochgeladen werden. Bitten Sie Ihre Administration, das Modul labor freizuschalten.',
    unknownRefused:
      'Der Praxisserver hat die Datei abgelehnt. Geschieht das wieder, die Meldung unten Ihrem IT-Support zeigen.',
    unknownFailed: 'Der Praxisserver konnte die Datei nicht verarbeiten: Bitte erneut senden.',
    detail: 'Meldung des Servers: «{{msg}}»',
  },
  readProgress: '{{name}} wird gelesen: {{percent}} %',
  sendProgress: '{{name}} wird gesendet',
  problem: {
    extension: 'Nur .hl7- und .pdf-Dateien können hochgeladen werden.',
    nameTooLong: 'Der Dateiname ist länger als 255 Zeichen.',
    tooLarge: 'Die Datei ist zu gross: höchstens 25 MB nach der Kodierung (etwa 19.6 MB).',
    empty: 'Die Datei ist leer.',
  },
  kind: {
    hl7: 'HL7-Nachricht',
    pdf: 'PDF-Bericht',
    other: 'Andere Datei',
  },
  identity: {
    whose: '{{name}}, geboren {{dob}}',
    known: 'Bekannt: {{name}} (Nr. {{patid}})',
    journal: 'Krankengeschichte von {{name}} öffnen',
    unknown:
      'Kein Patient mit Nummer {{patid}} oder mit Namen {{name}}, geboren {{dob}}. Erfassen Sie den Patienten (dann wird die Datei gesendet) oder fordern Sie beim Labor eine korrigierte Nachricht an.',
    unknownNoNumber:
      'Kein Patient mit Namen {{name}}, geboren {{dob}}. Erfassen Sie den Patienten (dann wird die Datei gesendet) oder fordern Sie beim Labor eine korrigierte Nachricht an.',
    create: 'Patient erfassen',
    fromMessage: 'Aus {{file}}',
    mismatch:
      'Nummer {{patid}} ist {{known}}, geboren {{knownDob}}, die Nachricht nennt aber {{name}}, geboren {{dob}}. Nichts wurde gesendet.',
    mismatchWhatToDo:
      'Bitte beim Labor eine korrigierte Nachricht anfordern. Ist das Dossier der Praxis falsch, es korrigieren und erneut prüfen.',
    openRecord: 'Dossier von {{name}} öffnen (Nr. {{patid}})',
  },
};
