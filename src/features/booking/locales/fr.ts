import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const fr: Translation<typeof en> = {
  title: 'Prendre rendez-vous',
  nav: {
    restart: 'Réserver un autre rendez-vous',
  },
  service: {
    legend: 'Quelle prestation\u202f?',
    minutes: '{{count}} min',
    none: 'Aucune prestation réservable n’est configurée dans le logiciel du cabinet.',
  },
  provider: {
    legend: 'Avec qui\u202f?',
    any: 'Indifférent',
    anyHint: 'La première plage libre de tous les thérapeutes qui proposent cette prestation',
    none: 'Aucun thérapeute actif ne propose cette prestation.',
  },
  duration: {
    label: 'Durée en minutes',
    hint: 'La prestation dure {{count}} minutes par défaut.',
    invalid: 'Saisissez 5 à 480 minutes.',
  },
  slot: {
    previousMonth: 'Mois précédent',
    nextMonth: 'Mois suivant',
    calendar: 'Date',
    chooseFirst: 'Choisissez une prestation et un thérapeute pour voir les plages libres.',
    dayFree: '{{day}}, plages libres',
    dayClosed: '{{day}}, fermé\u202f: {{name}}',
    closedDays: 'Fermé\u202f:',
    daysFree: 'Jours avec des plages libres\u202f: {{count}}',
    emptyMonth: 'Aucune plage libre ce mois-ci.',
    taken:
      'L’heure choisie vient d’être prise par quelqu’un d’autre. Rien n’a été réservé. Le calendrier montre les plages actuellement libres\u202f: veuillez en choisir une autre.',
    legend: 'Plages libres',
    slotLabel: '{{day}} {{time}}, {{provider}}',
    loading: 'Recherche de plages libres…',
  },
  patient: {
    searchLabel: 'Rechercher un patient',
    searchHint: 'Nom, date de naissance, téléphone ou numéro de patient',
    legend: 'Pour qui\u202f?',
    create: 'Nouveau patient',
    chosen: 'Patient choisi',
    change: 'Choisir un autre patient',
    loadFailed: 'Le patient n’a pas pu être chargé\u202f: {{msg}}',
    deleted: 'Ce patient est supprimé et ne peut pas être réservé. Choisissez un autre patient.',
    deletedNamed:
      '{{patient}} est supprimé et ne peut pas recevoir de rendez-vous. Choisissez un autre patient.',
    missed_one: 'A manqué {{count}} rendez-vous ces deux dernières années',
    missed_other: 'A manqué {{count}} rendez-vous ces deux dernières années',
  },
  waitlist: {
    noTime: 'Aucune heure ne convient : mettre sur la liste d’attente',
  },
  confirm: {
    noSlot: 'Aucune heure choisie',
    missing: 'Choisissez une heure et un patient pour réserver.',
    missingTime: 'Choisissez une heure pour réserver.',
    missingPatient: 'Choisissez un patient pour réserver.',
    legend: 'Vérifier et réserver',
    patient: 'Patient',
    comment: 'Commentaire (interne, facultatif)',
    book: 'Réserver le rendez-vous',
    checking: 'Vérification que l’heure est encore libre…',
    noCalendar: 'Aucun agenda n’appartient à ce thérapeute\u202f; le rendez-vous ne peut donc pas être pris.',
    calendarId: 'Numéro d’agenda',
    calendarIdHint:
      'Ce serveur ne liste pas ses agendas\u202f: saisissez le numéro de l’agenda du thérapeute.',
    notBooked: 'Non réservé',
    failed: 'Non réservé\u202f: {{msg}}',
  },
  done: {
    title: 'Rendez-vous réservé',
    text: '{{service}} le {{when}} avec {{provider}}.',
    foundAfterLoss:
      'La connexion a été interrompue avant la confirmation. Le rendez-vous figure tout de même dans l’agenda, une seule fois\u202f: inutile de le réserver à nouveau.',
    number: 'Rendez-vous n° {{id}}',
    toAgenda: 'Afficher dans l’agenda',
  },
  leave: {
    title: 'Quitter la réservation\u202f?',
    text: 'Le commentaire interne que vous avez écrit n’a pas été enregistré.',
    stay: 'Rester',
    leave: 'Quitter',
  },
};
