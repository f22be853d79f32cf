/** Strings of the `booking` area (namespace `booking`), in English: the keys every other language must have. */
export const en = {
  title: 'Book',
  nav: {
    restart: 'Book another appointment',
  },
  service: {
    legend: 'Which service?',
    minutes: '{{count}} min',
    none: 'No services are set up for booking in the practice software.',
  },
  provider: {
    legend: 'With whom?',
    any: 'Any practitioner',
    anyHint: 'The earliest free time of any practitioner who offers this service',
    none: 'No active practitioner offers this service.',
  },
  duration: {
    label: 'Duration in minutes',
    hint: 'The service takes {{count}} minutes by default.',
    invalid: 'Enter 5 to 480 minutes.',
  },
  slot: {
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    calendar: 'Date',
    chooseFirst: 'Choose a service and a practitioner to see the free times.',
    dayFree: '{{day}}, free times',
    daysFree: 'Days with free times: {{count}}',
    emptyMonth: 'No free time this month.',
    taken:
      'The time you chose has just been taken by someone else. Nothing was booked. The calendar shows the times that are free now: please choose another one.',
    legend: 'Free times',
    slotLabel: '{{day}} {{time}}, {{provider}}',
    loading: 'Looking for free times…',
  },
  patient: {
    searchLabel: 'Search a patient',
    searchHint: 'Name, date of birth, phone or patient number',
    legend: 'For whom?',
    create: 'New patient',
    chosen: 'Chosen patient',
    change: 'Choose another patient',
    loadFailed: 'The patient could not be loaded: {{msg}}',
    deleted: 'This patient is deleted and cannot be booked. Choose another patient.',
    deletedNamed: '{{patient}} is deleted and cannot be booked. Choose another patient.',
    missed_one: 'Missed {{count}} appointment in the last two years',
    missed_other: 'Missed {{count}} appointments in the last two years',
  },
  waitlist: {
    noTime: 'No suitable time: put on the waiting list',
  },
  confirm: {
    noSlot: 'No time chosen yet',
    missing: 'Choose a time and a patient to book.',
    missingTime: 'Choose a time to book.',
    missingPatient: 'Choose a patient to book.',
    legend: 'Check and book',
    patient: 'Patient',
    comment: 'Comment (internal, optional)',
    book: 'Book appointment',
    checking: 'Checking that the time is still free…',
    noCalendar: 'No calendar belongs to this practitioner, so the appointment cannot be made.',
    calendarId: 'Calendar number',
    calendarIdHint:
      'This practice server does not list its calendars: enter the number of the practitioner’s calendar.',
    notBooked: 'Not booked',
    failed: 'Not booked: {{msg}}',
  },
  done: {
    title: 'Appointment booked',
    text: '{{service}} on {{when}} with {{provider}}.',
    foundAfterLoss:
      'The connection broke off before the confirmation came. The appointment is in the agenda all the same, and only once: please do not book it again.',
    number: 'Appointment no. {{id}}',
    toAgenda: 'Show in the agenda',
  },
  leave: {
    title: 'Leave the booking?',
    text: 'The internal comment you wrote has not been saved.',
    stay: 'Stay',
    leave: 'Leave',
  },
} as const;
