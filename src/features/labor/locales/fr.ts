import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const fr: Translation<typeof en> = {
  title: 'Résultats de laboratoire',
  intro:
    'Téléversez les fichiers envoyés par votre laboratoire\u202f: messages HL7 (.hl7) et leurs rapports PDF (.pdf). Plusieurs fichiers peuvent être déposés ou choisis à la fois.',
  pairing:
    'Un message HL7 et son rapport PDF vont ensemble lorsqu’ils ont le même nom de base (p. ex. 4711.hl7 et 4711.pdf). Ils peuvent arriver dans n’importe quel ordre\u202f: un PDF envoyé en premier attend son message HL7.',
  patient:
    'Le patient est déterminé uniquement par le contenu HL7 (numéro de patient dans PID-3, ou nom et date de naissance). Aucun patient n’est choisi ici.',
  limits:
    'Uniquement des fichiers .hl7 et .pdf, noms de 255 caractères au plus, environ 19.6 Mo au plus par fichier (25 Mo une fois encodé).',
  noModule: {
    title: 'Le téléversement de résultats n’est pas activé pour cette connexion',
    text: 'Les identifiants utilisés ne sont pas activés pour le module laboratoire\u202f; le service refuserait donc chaque fichier. Demandez à votre administrateur d’activer le module ou connectez-vous avec des identifiants qui en disposent.',
  },
  drop: {
    label: 'Déposez ici les fichiers de laboratoire',
    hint: 'Glissez des fichiers .hl7 et .pdf dans cette zone ou utilisez le bouton.',
    choose: 'Choisir des fichiers',
    disabled: 'Le téléversement n’est pas possible avec cette connexion.',
  },
  list: {
    title: 'Téléversements de cette session',
    caption: 'Fichiers téléversés pendant cette session, dans l’ordre où ils ont été fournis',
    empty: 'Aucun fichier téléversé pendant cette session.',
    emptyHint:
      'La liste reste pendant que vous travaillez ailleurs dans l’application, jusqu’à la déconnexion ou la fermeture de l’onglet.',
    file: 'Fichier',
    status: 'État',
    actions: 'Actions',
    retry: 'Réessayer',
    retryLabel: 'Renvoyer {{name}}',
    remove: 'Retirer',
    removeLabel: 'Retirer {{name}} de la liste',
    retryAll: 'Renvoyer tous les échecs',
    clearFinished: 'Retirer les fichiers traités',
    summary: {
      accepted_one: '{{count}} accepté',
      accepted_other: '{{count}} acceptés',
      already_one: '{{count}} déjà téléversé',
      already_other: '{{count}} déjà téléversés',
      refused_one: '{{count}} refusé ou en échec',
      refused_other: '{{count}} refusés ou en échec',
      pending_one: '{{count}} en cours',
      pending_other: '{{count}} en cours',
      invalid_one: '{{count}} non envoyé',
      invalid_other: '{{count}} non envoyés',
    },
    notSent: 'Non envoyé.',
    keptUntilDone:
      'Le fichier reste ici pour un nouvel essai jusqu’à ce que le serveur du cabinet l’ait reçu.',
    patient: 'Patient',
    checkAgain: 'Vérifier à nouveau et téléverser',
    checkAgainLabel: 'Vérifier à nouveau le patient de {{name}} et téléverser',
  },
  phase: {
    invalid: 'Non envoyé',
    waiting: 'En attente',
    reading: 'Lecture',
    sending: 'Envoi',
    accepted: 'Accepté',
    alreadyUploaded: 'Déjà téléversé',
    refused: 'Refusé',
    failed: 'Échec',
    checking: 'Vérification du patient',
    unknownPatient: 'Retenu\u202f: patient inconnu',
    mismatch: 'Retenu\u202f: le numéro et le nom ne correspondent pas',
  },
  answer: {
    accepted: 'Enregistré sur le serveur du cabinet.',
    alreadyUploaded: 'Ce fichier est déjà sur le serveur du cabinet. Rien à faire.',
    notHl7:
      'Ce n’est pas un message HL7\u202f: l’en-tête du message (MSH) manque. Demandez au laboratoire de le renvoyer.',
    notPdf:
      'Ce n’est pas un fichier PDF, bien que son nom se termine par .pdf. Redemandez le rapport au laboratoire.',
    unsupportedType: 'Le serveur du cabinet n’accepte que les fichiers .hl7 et .pdf.',
    tooManyVersions:
      'Un fichier de ce nom a déjà été téléversé {{max}} fois, le maximum que garde le serveur du cabinet. S’il s’agit d’un nouveau résultat, renommez le fichier et ajoutez-le à nouveau.',
    patientMismatch:
      'Les données du patient ne correspondent pas\u202f: le numéro {{patid}} est {{name}}, né(e) le {{born}}, mais le message nomme une autre personne. Rien n’a été enregistré. Demandez au laboratoire un message corrigé.',
    patientMismatchPlain:
      'Les données du patient dans le message ne correspondent pas au patient du cabinet. Rien n’a été enregistré. Demandez au laboratoire un message corrigé.',
    saveFailed:
      'Le serveur du cabinet n’a pas pu enregistrer le fichier. Rien n’a été conservé\u202f: réessayez.',
    importFailed:
      'Le serveur du cabinet n’a pas pu classer le message dans le dossier d’un patient (souvent\u202f: il ne trouve pas le patient). Rien n’a été conservé\u202f: vérifiez le patient, puis réessayez.',
    incomplete:
      'Le fichier est arrivé incomplet sur le serveur du cabinet. Retirez-le et ajoutez-le à nouveau.',
    nameTooLong:
      'Le nom du fichier est trop long pour le serveur du cabinet (255 caractères au plus). Renommez le fichier et ajoutez-le à nouveau.',
    tooLarge:
      'Le fichier est trop volumineux pour le serveur du cabinet (25 Mo au plus une fois encodé). Demandez au laboratoire un fichier plus petit.',
    noModule:
      'Cette connexion ne permet pas de téléverser des résultats de laboratoire. Demandez à votre administrateur d’activer le module laboratoire.',
    unknownRefused:
      'Le serveur du cabinet a refusé le fichier. Si cela se reproduit, montrez le message ci-dessous à votre support informatique.',
    unknownFailed: 'Le serveur du cabinet n’a pas pu traiter le fichier\u202f: réessayez.',
    detail: 'Message du serveur\u202f: « {{msg}} »',
  },
  readProgress: 'Lecture de {{name}}\u202f: {{percent}} %',
  sendProgress: 'Envoi de {{name}}',
  problem: {
    extension: 'Seuls les fichiers .hl7 et .pdf peuvent être téléversés.',
    nameTooLong: 'Le nom du fichier dépasse 255 caractères.',
    tooLarge: 'Le fichier est trop volumineux\u202f: 25 Mo au plus une fois encodé (environ 19.6 Mo).',
    empty: 'Le fichier est vide.',
  },
  kind: {
    hl7: 'Message HL7',
    pdf: 'Rapport PDF',
    other: 'Autre fichier',
  },
  identity: {
    whose: '{{name}}, né·e le {{dob}}',
    known: 'Connu\u202f: {{name}} (n° {{patid}})',
    journal: 'Ouvrir le dossier de {{name}}',
    unknown:
      'Aucun patient avec le numéro {{patid}} ni nommé {{name}}, né(e) le {{dob}}. Créez le patient (le fichier est alors envoyé) ou demandez au laboratoire un message corrigé.',
    unknownNoNumber:
      'Aucun patient nommé {{name}}, né(e) le {{dob}}. Créez le patient (le fichier est alors envoyé) ou demandez au laboratoire un message corrigé.',
    create: 'Créer le patient',
    fromMessage: 'Selon {{file}}',
    mismatch:
      'Le numéro {{patid}} est {{known}}, né(e) le {{knownDob}}, mais le message nomme {{name}}, né(e) le {{dob}}. Rien n’a été envoyé.',
    mismatchWhatToDo:
      'Demandez au laboratoire un message corrigé. Si le dossier du cabinet est erroné, corrigez-le et vérifiez à nouveau.',
    openRecord: 'Ouvrir le dossier de {{name}} (n° {{patid}})',
  },
};
