import { core } from './0001-core.ts';
import { sales } from './0002-sales.ts';
import { agenda } from './0003-agenda-booking-recall.ts';
import { records } from './0004-hx-labor-accounting.ts';
import { foldedSearchText } from './0005-folded-search-text.ts';
import { appointmentVersion } from './0006-appointment-version.ts';
import { patientMatch } from './0007-patient-match.ts';
import { germanLabels } from './0008-german-labels.ts';
import { leadPatientVersion } from './0009-lead-patient-version.ts';
import { waitlistAbsences } from './0010-waitlist-absences.ts';

/** Applied in this order, once each. A schema change is a new entry at the end: never edit an applied one. */
export const migrations: { id: string; sql: string }[] = [
  { id: '0001-core', sql: core },
  { id: '0002-sales', sql: sales },
  { id: '0003-agenda-booking-recall', sql: agenda },
  { id: '0004-hx-labor-accounting', sql: records },
  { id: '0005-folded-search-text', sql: foldedSearchText },
  { id: '0006-appointment-version', sql: appointmentVersion },
  { id: '0007-patient-match', sql: patientMatch },
  { id: '0008-german-labels', sql: germanLabels },
  { id: '0009-lead-patient-version', sql: leadPatientVersion },
  { id: '0010-waitlist-absences', sql: waitlistAbsences },
];
