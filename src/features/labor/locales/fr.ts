import type { Translation } from '../../../i18n/types.ts';
import type { en } from './en.ts';

export const fr: Translation<typeof en> = {
  title: 'Résultats de laboratoire',
  intro:
    'Téléversez les fichiers envoyés par votre laboratoire : messages HL7 (.hl7) et leurs rapports PDF (.pdf). Plusieurs fichiers peuvent être déposés ou choisis à la fois.',
  pairing:
    'Un message HL7 et son rapport PDF vont ensemble lorsqu’ils ont le même nom de base (p. ex. 4711.hl7 et 4711.pdf). Ils peuvent arriver dans n’importe quel ordre : un PDF envoyé en premier attend son message HL7.',
  patient:
    'Le patient est déterminé uniquement par le contenu HL7 (numéro de patient dans PID-3, ou nom et date de naissance). Aucun patient n’est choisi ici.',
  limits:
    'Uniquement des fichiers .hl7 et .pdf, noms de 255 caractères au plus, environ 19,6 Mo au plus par fichier (25 Mo une fois encodé).',
  noModule: {
    title: 'Le téléversement de résultats n’est pas activé pour cette connexion',
    text: 'Les identifiants utilisés ne sont pas activés pour le module laboratoire ; le service refuserait donc chaque fichier. Demandez à votre administrateur d’activer le module ou connectez-vous avec des identifiants qui en disposent.',
  },
  drop: {
    label: 'Déposez ici les fichiers de laboratoire',
    hint: 'Glissez des fichiers .hl7 et .pdf dans cette zone ou utilisez le bouton.',
    choose: 'Choisir des fichiers',
    accept: 'Relâchez les fichiers pour les téléverser',
    disabled: 'Le téléversement n’est pas possible avec cette connexion.',
  },
  list: {
    title: 'Téléversements de cette session',
    caption: 'Fichiers téléversés pendant cette session, dans l’ordre où ils ont été fournis',
    empty: 'Aucun fichier téléversé pendant cette session.',
    emptyHint:
      'La liste reste pendant que vous travaillez ailleurs dans l’application, jusqu’à la déconnexion ou la fermeture de l’onglet.',
    file: 'Fichier',
    size: 'Taille',
    progress: 'Progression',
    answer: 'Réponse du service',
    actions: 'Actions',
    retry: 'Réessayer',
    retryLabel: 'Renvoyer {{name}}',
    remove: 'Retirer',
    removeLabel: 'Retirer {{name}} de la liste',
    retryAll: 'Renvoyer tous les échecs',
    clearFinished: 'Retirer les acceptés et les non valables',
    summary:
      '{{accepted}} acceptés, {{refused}} refusés ou en échec, {{pending}} en cours, {{invalid}} non envoyés',
    status: 'Statut {{status}}',
    notSent: 'Non envoyé.',
    keptUntilDone: 'Le fichier reste ici pour un nouvel essai jusqu’à ce que le service l’accepte.',
    refusedHint: 'Un nouvel envoi serait de nouveau refusé : corrigez le fichier, puis ajoutez-le à nouveau.',
    noRetryHint: 'Un nouvel envoi n’y changerait rien : demandez un fichier corrigé au laboratoire.',
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
    refused: 'Refusé',
    failed: 'Échec',
    checking: 'Vérification du patient',
    unknownPatient: 'Retenu : patient inconnu',
    mismatch: 'Retenu : le numéro et le nom ne correspondent pas',
  },
  readProgress: 'Lecture de {{name}} : {{percent}} %',
  sendProgress: 'Envoi de {{name}}',
  problem: {
    extension: 'Seuls les fichiers .hl7 et .pdf peuvent être téléversés.',
    nameTooLong: 'Le nom du fichier dépasse 255 caractères.',
    tooLarge: 'Le fichier est trop volumineux : 25 Mo au plus une fois encodé (environ 19,6 Mo).',
    empty: 'Le fichier est vide.',
  },
  kind: {
    hl7: 'Message HL7',
    pdf: 'Rapport PDF',
    other: 'Autre fichier',
  },
  identity: {
    whose: '{{name}}, né·e le {{dob}}',
    known: 'Connu : {{name}} (n° {{patid}})',
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
