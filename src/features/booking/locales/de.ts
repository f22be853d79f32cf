import type { Translation } from '#i18n/types.ts';
import type { en } from './en.ts';

export const de: Translation<typeof en> = {
  title: 'Termin buchen',
  nav: {
    restart: 'Weiteren Termin buchen',
  },
  service: {
    legend: 'Welche Leistung?',
    minutes: '{{count}} Min.',
    none: 'In der Praxissoftware sind keine buchbaren Leistungen eingerichtet.',
  },
  provider: {
    legend: 'Bei wem?',
    any: 'Beliebige Ärztin oder beliebiger Arzt',
    anyHint: 'Die früheste freie Zeit aller, die diese Leistung anbieten',
    none: 'Keine aktive Ärztin und kein aktiver Arzt bietet diese Leistung an.',
  },
  duration: {
    label: 'Dauer in Minuten',
    hint: 'Die Leistung dauert üblicherweise {{count}} Minuten.',
    invalid: 'Geben Sie 5 bis 480 Minuten ein.',
  },
  slot: {
    previousMonth: 'Vorheriger Monat',
    nextMonth: 'Nächster Monat',
    calendar: 'Datum',
    chooseFirst: 'Wählen Sie eine Leistung und bei wem, um die freien Zeiten zu sehen.',
    dayFree: '{{day}}, freie Zeiten',
    dayClosed: '{{day}}, geschlossen: {{name}}',
    closedDays: 'Geschlossen:',
    daysFree: 'Tage mit freien Zeiten: {{count}}',
    emptyMonth: 'Keine freie Zeit in diesem Monat.',
    taken:
      'Die gewählte Zeit wurde soeben von jemand anderem belegt. Es wurde nichts gebucht. Der Kalender zeigt die jetzt freien Zeiten: Bitte wählen Sie eine andere.',
    legend: 'Freie Zeiten',
    slotLabel: '{{day}} {{time}}, {{provider}}',
    loading: 'Freie Zeiten werden gesucht…',
  },
  patient: {
    searchLabel: 'Patient suchen',
    searchHint: 'Name, Geburtsdatum, Telefon oder Patientennummer',
    legend: 'Für wen?',
    create: 'Neuer Patient',
    chosen: 'Gewählter Patient',
    change: 'Anderen Patienten wählen',
    loadFailed: 'Der Patient konnte nicht geladen werden: {{msg}}',
    deleted:
      'Dieser Patient ist gelöscht und kann nicht gebucht werden. Bitte einen anderen Patienten wählen.',
    deletedNamed:
      '{{patient}} ist gelöscht und kann nicht gebucht werden. Bitte einen anderen Patienten wählen.',
    missed_one: 'Hat in den letzten zwei Jahren {{count}} Termin verpasst',
    missed_other: 'Hat in den letzten zwei Jahren {{count}} Termine verpasst',
  },
  waitlist: {
    noTime: 'Keine passende Zeit: auf die Warteliste',
  },
  confirm: {
    noSlot: 'Noch keine Zeit gewählt',
    missing: 'Wählen Sie eine Zeit und einen Patienten, um zu buchen.',
    missingTime: 'Wählen Sie eine Zeit, um zu buchen.',
    missingPatient: 'Wählen Sie einen Patienten, um zu buchen.',
    legend: 'Prüfen und buchen',
    patient: 'Patient',
    comment: 'Bemerkung (intern, freiwillig)',
    book: 'Termin buchen',
    checking: 'Es wird geprüft, ob die Zeit noch frei ist…',
    noCalendar: 'Zu dieser Person gehört kein Kalender; der Termin kann nicht erstellt werden.',
    calendarId: 'Kalendernummer',
    calendarIdHint:
      'Dieser Praxisserver listet seine Kalender nicht auf: Geben Sie die Nummer des Kalenders der behandelnden Person ein.',
    notBooked: 'Nicht gebucht',
    failed: 'Nicht gebucht: {{msg}}',
  },
  done: {
    title: 'Termin gebucht',
    text: '{{service}} am {{when}} bei {{provider}}.',
    foundAfterLoss:
      'Die Verbindung brach ab, bevor die Bestätigung kam. Der Termin ist trotzdem in der Agenda, und nur einmal: bitte nicht nochmals buchen.',
    number: 'Termin Nr. {{id}}',
    toAgenda: 'In der Agenda zeigen',
  },
  leave: {
    title: 'Buchung verlassen?',
    text: 'Die interne Bemerkung, die Sie geschrieben haben, wurde nicht gespeichert.',
    stay: 'Bleiben',
    leave: 'Verlassen',
  },
};
