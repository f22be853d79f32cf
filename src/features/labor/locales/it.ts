import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const it: Translation<typeof en> = {
  title: 'Risultati di laboratorio',
  intro:
    'Caricare i file inviati dal laboratorio: messaggi HL7 (.hl7) e i relativi referti PDF (.pdf). È possibile trascinare o scegliere più file alla volta.',
  pairing:
    'Un messaggio HL7 e il suo referto PDF vanno insieme quando hanno lo stesso nome di base (p. es. 4711.hl7 e 4711.pdf). Possono arrivare in qualsiasi ordine: un PDF inviato prima attende il suo messaggio HL7.',
  patient:
    'Il paziente viene ricavato solo dal contenuto HL7 (numero di paziente in PID-3, oppure nome e data di nascita). Qui non si sceglie nessun paziente.',
  limits:
    'Solo file .hl7 e .pdf, nomi di al massimo 255 caratteri, al massimo circa 19.6 MB per file (25 MB una volta codificato).',
  noModule: {
    title: 'Il caricamento dei risultati non è abilitato per questo accesso',
    text: 'Le credenziali usate non sono abilitate per il modulo laboratorio, quindi il servizio rifiuterebbe ogni file. Chiedere all’amministratore di abilitare il modulo o accedere con credenziali che lo includono.',
  },
  drop: {
    label: 'Trascinare qui i file di laboratorio',
    hint: 'Trascinare file .hl7 e .pdf in quest’area oppure usare il pulsante.',
    choose: 'Scegli i file',
    disabled: 'Con questo accesso il caricamento non è possibile.',
  },
  list: {
    title: 'Caricamenti di questa sessione',
    caption: 'File caricati in questa sessione, nell’ordine in cui sono stati forniti',
    empty: 'Ancora nessun file caricato in questa sessione.',
    emptyHint:
      'L’elenco resta mentre si lavora altrove nell’applicazione, fino all’uscita o alla chiusura della scheda.',
    file: 'File',
    status: 'Stato',
    actions: 'Azioni',
    retry: 'Riprova',
    retryLabel: 'Invia di nuovo {{name}}',
    remove: 'Rimuovi',
    removeLabel: 'Rimuovi {{name}} dall’elenco',
    retryAll: 'Riprova tutti i non riusciti',
    clearFinished: 'Rimuovi quelli conclusi',
    summary: {
      accepted_one: '{{count}} accettato',
      accepted_other: '{{count}} accettati',
      already_one: '{{count}} già caricato',
      already_other: '{{count}} già caricati',
      refused_one: '{{count}} rifiutato o non riuscito',
      refused_other: '{{count}} rifiutati o non riusciti',
      pending_one: '{{count}} in corso',
      pending_other: '{{count}} in corso',
      invalid_one: '{{count}} non inviato',
      invalid_other: '{{count}} non inviati',
    },
    notSent: 'Non inviato.',
    keptUntilDone:
      'Il file resta qui per un nuovo tentativo finché il server dello studio non l’ha ricevuto.',
    patient: 'Paziente',
    checkAgain: 'Verifica di nuovo e carica',
    checkAgainLabel: 'Verificare di nuovo il paziente di {{name}} e caricare',
  },
  phase: {
    invalid: 'Non inviato',
    waiting: 'In attesa',
    reading: 'Lettura',
    sending: 'Invio',
    accepted: 'Accettato',
    alreadyUploaded: 'Già caricato',
    refused: 'Rifiutato',
    failed: 'Non riuscito',
    checking: 'Verifica del paziente',
    unknownPatient: 'Trattenuto: paziente sconosciuto',
    mismatch: 'Trattenuto: numero e nome non corrispondono',
  },
  answer: {
    accepted: 'Salvato sul server dello studio.',
    alreadyUploaded: 'Questo file è già sul server dello studio. Non c’è niente da fare.',
    notHl7:
      'Non è un messaggio HL7: manca l’intestazione del messaggio (MSH). Chiedere al laboratorio di inviarlo di nuovo.',
    notPdf: 'Non è un file PDF, anche se il nome termina con .pdf. Richiedere il referto al laboratorio.',
    unsupportedType: 'Il server dello studio accetta solo file .hl7 e .pdf.',
    tooManyVersions:
      'Un file con questo nome è già stato caricato {{max}} volte, il massimo che il server dello studio conserva. Se è un nuovo risultato, rinominare il file e aggiungerlo di nuovo.',
    patientMismatch:
      'I dati del paziente non corrispondono: il numero {{patid}} è {{name}}, nato/a il {{born}}, ma il messaggio nomina un’altra persona. Non è stato salvato nulla. Chiedere al laboratorio un messaggio corretto.',
    patientMismatchPlain:
      'I dati del paziente nel messaggio non corrispondono al paziente dello studio. Non è stato salvato nulla. Chiedere al laboratorio un messaggio corretto.',
    saveFailed:
      'Il server dello studio non ha potuto salvare il file. Non è stato conservato nulla: riprovare.',
    importFailed:
      'Il server dello studio non ha potuto archiviare il messaggio nella cartella di un paziente (spesso: non trova il paziente). Non è stato conservato nulla: verificare il paziente, poi riprovare.',
    incomplete: 'Il file è arrivato incompleto al server dello studio. Rimuoverlo e aggiungerlo di nuovo.',
    nameTooLong:
      'Il nome del file è troppo lungo per il server dello studio (al massimo 255 caratteri). Rinominare il file e aggiungerlo di nuovo.',
    tooLarge:
      'Il file è troppo grande per il server dello studio (al massimo 25 MB una volta codificato). Chiedere al laboratorio un file più piccolo.',
    noModule:
      'Con questo accesso non si possono caricare risultati di laboratorio. Chiedere all’amministrazione di attivare il modulo laboratorio.',
    unknownRefused:
      'Il server dello studio ha rifiutato il file. Se succede di nuovo, mostrare il messaggio qui sotto al supporto informatico.',
    unknownFailed: 'Il server dello studio non ha potuto elaborare il file: riprovare.',
    detail: 'Messaggio del server: «{{msg}}»',
  },
  readProgress: 'Lettura di {{name}}: {{percent}} %',
  sendProgress: 'Invio di {{name}}',
  problem: {
    extension: 'Possono essere caricati solo file .hl7 e .pdf.',
    nameTooLong: 'Il nome del file supera i 255 caratteri.',
    tooLarge: 'Il file è troppo grande: al massimo 25 MB una volta codificato (circa 19.6 MB).',
    empty: 'Il file è vuoto.',
  },
  kind: {
    hl7: 'Messaggio HL7',
    pdf: 'Referto PDF',
    other: 'Altro file',
  },
  identity: {
    whose: '{{name}}, nato/a il {{dob}}',
    known: 'Noto: {{name}} (n. {{patid}})',
    journal: 'Apri la cartella clinica di {{name}}',
    unknown:
      'Nessun paziente con il numero {{patid}} o di nome {{name}}, nato/a il {{dob}}. Creare il paziente (il file viene poi inviato) o chiedere al laboratorio un messaggio corretto.',
    unknownNoNumber:
      'Nessun paziente di nome {{name}}, nato/a il {{dob}}. Creare il paziente (il file viene poi inviato) o chiedere al laboratorio un messaggio corretto.',
    create: 'Registra il paziente',
    fromMessage: 'Da {{file}}',
    mismatch:
      'Il numero {{patid}} è {{known}}, nato/a il {{knownDob}}, ma il messaggio indica {{name}}, nato/a il {{dob}}. Non è stato inviato nulla.',
    mismatchWhatToDo:
      'Chiedere al laboratorio un messaggio corretto. Se la cartella dello studio è errata, correggerla e verificare di nuovo.',
    openRecord: 'Aprire la cartella di {{name}} (n. {{patid}})',
  },
};
