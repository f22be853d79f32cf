import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const fr: Translation<typeof en> = {
  title: 'Plages libérées',
  show: 'Afficher',
  hide: 'Masquer',
  loading: 'Recherche des plages libérées…',
  failed: 'Les rendez-vous n’ont pas pu être lus\u202f: {{msg}}',
  none: 'Aucune plage libérée jusqu’au {{date}}.',
  intro:
    'Rendez-vous annulés, manqués, supprimés ou déplacés jusqu’au {{date}}\u202f: qui pourrait venir à la place.',
  all: 'Afficher les {{count}}',
  fewer: 'Afficher moins',
  calendar: 'Agenda {{id}}',
  today: 'Aujourd’hui',
  when: '{{day}}, de {{from}} à {{to}}',
  minutes_one: '{{count}} min',
  minutes_other: '{{count}} min',
  cause: {
    cancelled: 'Annulé',
    noShow: 'Absent',
    deleted: 'Supprimé',
    moved: 'Déplacé',
  },
  find: 'Qui pourrait venir\u202f?',
  actionFor: '{{action}}\u202f: {{name}}',
  candidates: {
    label: 'Patients qui pourraient venir, les plus adaptés d’abord',
    loading: 'Recherche de patients…',
    none: 'Personne sur la liste d’attente, avec un rendez-vous plus tard ou un rappel échu ne convient à cette plage.',
    noWaitlist:
      'Le serveur de ce cabinet n’a pas de liste d’attente\u202f: seulement les rendez-vous plus tardifs et les rappels échus.',
    waitlistFailed: 'La liste d’attente n’a pas pu être lue\u202f: {{msg}}',
  },
  kind: {
    waiting: 'Liste d’attente',
    later: 'Rendez-vous plus tard',
    recall: 'Rappel échu',
  },
  priority: {
    high: 'Élevée',
    urgent: 'Urgente',
  },
  reason: {
    waiting: '{{service}}, en attente depuis le {{since}}',
    later: '{{service}} le {{at}}',
    recall: '{{service}}, rappel échu depuis le {{since}}',
  },
  patientNumber: 'Patient n° {{patid}}',
  call: 'Appeler {{name}}\u202f: {{phone}}',
  noPhone: 'Pas de numéro de téléphone',
  book: 'Réserver à {{time}}',
  move: 'Avancer à {{time}}',
  booked: '{{name}} réservé le {{at}}\u202f; l’inscription sur la liste d’attente est close.',
  bookedOnly: '{{name}} réservé le {{at}}.',
  bookedEntryFailed:
    '{{name}} réservé le {{at}}. L’inscription sur la liste d’attente n’a pas pu être close et reste ouverte\u202f: {{msg}}',
  bookedEntryOpen:
    '{{name}} réservé le {{at}}. L’inscription sur la liste d’attente a été modifiée entre-temps par quelqu’un d’autre et reste ouverte.',
  bookedBack: 'La réservation de {{name}} est annulée.',
  moved: '{{name}} avancé au {{at}}. L’ancienne heure est proposée comme nouvelle plage.',
  movedBack: '{{name}} est de retour à l’ancienne heure.',
  taken: 'Cette plage n’est plus libre\u202f: quelqu’un l’a réservée entre-temps.',
  laterChanged: 'Le rendez-vous de {{name}} a été modifié entre-temps. La liste est relue.',
  writeFailed: 'Non enregistré\u202f: {{msg}}',
};
