/**
 * Typed `t()` keys: i18next checks every key against the English strings of its namespace, so `tsc` fails on a key
 * that no language has. One entry per namespace of namespaces.ts (namespaces.test.ts holds the two lists together).
 * The other languages are held to the English keys by `Translation<typeof en>` (types.ts).
 */
import 'i18next';
import type { en as accounting } from '../features/accounting/locales/en.ts';
import type { en as agenda } from '../features/agenda/locales/en.ts';
import type { en as booking } from '../features/booking/locales/en.ts';
import type { en as labor } from '../features/labor/locales/en.ts';
import type { en as leadDetails } from '../features/leads/details/locales/en.ts';
import type { en as leads } from '../features/leads/locales/en.ts';
import type { en as patients } from '../features/patients/locales/en.ts';
import type { en as recalls } from '../features/recalls/locales/en.ts';
import type { en as settings } from '../features/settings/locales/en.ts';
import type { en as signIn } from '../features/sign-in/locales/en.ts';
import type { en as stats } from '../features/stats/locales/en.ts';
import type { en as tasks } from '../features/tasks/locales/en.ts';
import type { en as today } from '../features/today/locales/en.ts';
import type { en as waitlist } from '../features/waitlist/locales/en.ts';
import type { en as common } from './common/en.ts';
import type { en as gaps } from './gaps/en.ts';
import type { en as messages } from './messages/en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // As index.ts sets it: a key not found in an area's namespace is looked up in `common`.
    fallbackNS: 'common';
    resources: {
      common: typeof common;
      messages: typeof messages;
      gaps: typeof gaps;
      accounting: typeof accounting;
      agenda: typeof agenda;
      booking: typeof booking;
      labor: typeof labor;
      leads: typeof leads;
      leadDetails: typeof leadDetails;
      patients: typeof patients;
      recalls: typeof recalls;
      settings: typeof settings;
      'sign-in': typeof signIn;
      stats: typeof stats;
      tasks: typeof tasks;
      today: typeof today;
      waitlist: typeof waitlist;
    };
  }
}
