import type { Translation } from '../types.ts';
import type { en } from './en.ts';

export const fr: Translation<typeof en> = {
  language: 'Langue',
  labelValue: '{{label}}\u202f: {{value}}',
  folder: {
    open: 'Ouvert',
    toBeContacted: 'À contacter',
    inDiscussion: 'En discussion',
    converted: 'Converti',
    disqualified: 'Disqualifié',
  },
  appointmentState: {
    planned: 'Planifié',
    waiting: 'En salle d’attente',
    arrived: 'Arrivé',
    done: 'Terminé',
    cancelled: 'Annulé par le patient',
    noShow: 'Non présenté',
    none: 'Sans statut',
    other: 'Statut {{state}}',
  },
  dateTime: {
    hours: 'Heures',
    minutes: 'Minutes',
    dayPlaceholder: 'JJ.MM.AAAA',
    clear: 'Effacer « {{label}} »',
    day: 'Date',
    openCalendar: 'Calendrier',
    refused: {
      format: 'Ce n’est pas une date\u202f: saisissez JJ.MM.AAAA, J.M.AA ou J.M.',
      noSuchDay: 'Cette date n’existe pas.',
      future: 'La date de naissance est dans le futur.',
      before1900: 'La date de naissance est antérieure à 1900.',
    },
  },
  dialog: {
    close: 'Fermer',
    offline: 'Pas de connexion au serveur du cabinet – vos saisies sont conservées. Réessayez ou annulez.',
  },
  unsaved: {
    title: 'Quitter cette page\u202f?',
    text: 'Vos saisies ne sont pas enregistrées et seront perdues.',
    stay: 'Rester',
    leave: 'Quitter sans enregistrer',
  },
  app: {
    name: 'Praxis Front Office',
  },
  nav: {
    label: 'Navigation principale',
    today: 'Aujourd’hui',
    leads: 'Prospects',
    tasks: 'Tâches',
    agenda: 'Agenda',
    booking: 'Prendre rendez-vous',
    recalls: 'Rappels',
    patients: 'Patients',
    labor: 'Résultats de laboratoire',
    accounting: 'Comptabilité',
    stats: 'Statistiques',
    settings: 'Paramètres',
  },
  todayBadge: {
    here_one: '{{count}} présent',
    here_other: '{{count}} présents',
    late_one: '{{count}} en retard',
    late_other: '{{count}} en retard',
  },
  header: {
    openNavigation: 'Ouvrir la navigation',
    closeNavigation: 'Fermer la navigation',
    toDark: 'Passer aux couleurs sombres',
    toLight: 'Passer aux couleurs claires',
    practice: 'Cabinet {{tenant}}',
    settings: 'Paramètres',
    signOut: 'Se déconnecter',
    navigating: 'Chargement de la page…',
  },
  connection: {
    offline:
      'Pas de connexion au serveur du cabinet. Vos modifications ne pourront être enregistrées qu’une fois la connexion rétablie.',
    areaTitle: 'Pas de connexion',
    area: 'Cette page ne peut pas être chargée sans connexion. Elle s’ouvrira d’elle-même dès le retour de la connexion.',
    part: 'Impossible d’ouvrir ceci sans connexion. Cela s’ouvrira de soi-même dès le retour de la connexion.',
  },
  saveFailed: {
    title: 'Non enregistré',
    kept: 'Votre saisie est toujours là. Elle ne sera pas envoyée d’elle-même\u202f: appuyez sur «\u202fRéessayer\u202f» (dès que la connexion est rétablie).',
  },
  state: {
    loading: 'Chargement…',
    empty: 'Rien pour l’instant.',
    refreshFailed: 'Dernier état chargé\u202f: il n’a pas pu être actualisé.',
    retry: 'Réessayer',
  },
  error: {
    failed: 'Échec\u202f: {{op}}',
    pageFailed: 'Cette page n’a pas pu être affichée',
    network: 'Le serveur du cabinet est injoignable. Vérifiez la connexion et réessayez.',
    timeout: 'Le serveur du cabinet n’a pas répondu à temps.',
    unauthorized: 'Votre connexion n’est plus valable. Veuillez vous reconnecter.',
    contract:
      'Le serveur du cabinet a répondu sous une forme que cette application ne comprend pas\u202f: {{msg}}',
    unexpected: 'Une erreur s’est produite\u202f: {{msg}}',
    notFound: 'Il n’y a pas de page à cette adresse.',
    backToStart: 'Vers les prospects',
  },
  notFound: {
    title: 'Page introuvable',
  },
  formDialog: {
    cancel: 'Annuler',
    discardTitle: 'Abandonner vos modifications\u202f?',
    discardText: 'Votre saisie n’a pas été enregistrée et sera perdue.',
    keep: 'Continuer la saisie',
    discard: 'Abandonner les modifications',
  },
  lock: {
    button: 'Verrouiller l’écran',
    buttonTitle: 'Verrouiller l’écran (Ctrl+Alt+L)',
    title: 'Écran verrouillé',
    user: 'Connecté·e\u202f: {{name}}',
    hintPassword: 'Saisissez votre mot de passe pour reprendre là où vous vous étiez arrêté·e.',
    hintKey:
      'Saisissez la clé API utilisée pour la connexion afin de reprendre là où vous vous étiez arrêté·e.',
    password: 'Mot de passe',
    apiKey: 'Clé API',
    wrongPassword: 'Le mot de passe est incorrect. L’écran reste verrouillé.',
    wrongKey: 'La clé API est incorrecte. L’écran reste verrouillé.',
    unlock: 'Déverrouiller',
    signOut: 'Se déconnecter plutôt',
  },
  person: {
    noPatient: 'Aucun patient',
    patientNo: 'Patient n° {{id}}',
    userNo: 'Utilisateur n° {{id}}',
    loading: 'Chargement du nom…',
  },
  /** A failed recall, by what failed (components/recall-error.tsx). */
  recallFailure: {
    noMobile: 'Aucun numéro de mobile enregistré.',
    noMobileMended:
      'Il n’y avait pas de numéro de mobile lors de l’envoi\u202f; il y en a un maintenant\u202f: renvoyer.',
    noMail: 'Aucune adresse e-mail enregistrée.',
    noMailMended:
      'Il n’y avait pas d’adresse e-mail lors de l’envoi\u202f; il y en a une maintenant\u202f: renvoyer.',
    noAddress: 'L’adresse postale est incomplète.',
    mailBounced: 'L’e-mail n’a pas pu être distribué (boîte aux lettres indisponible). Vérifiez l’adresse.',
    smsRejected: 'Le service SMS a refusé le numéro de mobile. Vérifiez le numéro.',
    printAborted: 'L’impression a été interrompue. Renvoyez pour l’imprimer.',
    other: 'Échec de l’envoi\u202f: {{msg}}',
  },
  undo: {
    action: 'Annuler',
    hint: 'ou Ctrl+Z',
    failed: 'Impossible d’annuler',
  },
  limits: {
    textTooLong: '{{max}} caractères au maximum.',
    searchTooLong: '{{max}} caractères au maximum pour une recherche.',
  },
};
