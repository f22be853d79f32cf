import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '#api/client.ts';
import { customerQuery } from '#api/system.ts';
import { patientSearchQuery } from '#components/patient-criteria.ts';
import { parseHl7 } from '#contract/hl7.ts';
import type { Patient } from '#contract/system.ts';
import { foldText, personFits } from '#contract/text-match.ts';

/**
 * Whose result an HL7 message is, read in the browser before the upload, and whether the practice knows that
 * patient. The message is read by the service's own parser (contract/hl7.ts) and the patient is looked for as the
 * service will assign it (docs/api.md#labor): PID-3 as patid, else PID-5 name and PID-7
 * date of birth.
 */

/** PID-3, PID-5 and PID-7 of a message. */
export interface PidInfo {
  /** PID-3 as written ("" when absent). */
  patientId: string;
  lastname: string;
  firstname: string;
  /** `YYYY-MM-DD`, or "" when absent or malformed. */
  dob: string;
}

export interface KnownPatient {
  patid: number;
  lastname: string;
  firstname: string;
  dob: string | null;
}

export interface Identity {
  pid: PidInfo;
  /** The patient the service will assign the result to; null when the practice does not know them. */
  patient: KnownPatient | null;
  /**
   * The patient whose number PID-3 is, when PID-5 or PID-7 names somebody else: the service refuses such a file
   * (docs/api.md#labor), and the app holds it before sending.
   */
  mismatch?: KnownPatient;
}

/** PID fields of an HL7 text; null when it is no HL7 message or names nobody (the service then says why). */
export function readPid(text: string): PidInfo | null {
  const msg = parseHl7(text);
  // Nothing to identify anyone by: the service will say what is wrong with the message.
  if (!msg || (msg.patientId === '' && msg.lastname === '')) return null;
  return { patientId: msg.patientId, lastname: msg.lastname, firstname: msg.firstname, dob: msg.dob };
}

const known = (p: Patient): KnownPatient => ({
  patid: p.patid,
  lastname: p.lastname,
  firstname: p.firstname,
  dob: p.dob,
});

/** Names as the service compares them (contract/text-match.ts): `Mueller` is `Müller`. */
const same = (a: string, b: string) => foldText(a) === foldText(b);

export interface PatientLookup {
  byId: (patid: number) => Promise<Patient | null>;
  byNameAndDob: (lastname: string, firstname: string, dob: string) => Promise<Patient[]>;
}

/**
 * The patient the service would take: by patid when it names one that is not deleted and whom the message's name
 * and birth date fit, else by name and birthday. A number whose patient the name or birth date contradicts is a
 * mismatch: the service refuses the file, so the app holds it.
 */
export async function findPatient(
  pid: PidInfo,
  lookup: PatientLookup,
): Promise<{ patient: KnownPatient | null; mismatch?: KnownPatient }> {
  if (/^\d+$/.test(pid.patientId) && Number(pid.patientId) > 0) {
    const p = await lookup.byId(Number(pid.patientId));
    if (p && p.deleted !== '1') {
      return personFits(p, pid) ? { patient: known(p) } : { patient: null, mismatch: known(p) };
    }
  }
  return { patient: await findByNameAndDob(pid, lookup) };
}

async function findByNameAndDob(pid: PidInfo, lookup: PatientLookup): Promise<KnownPatient | null> {
  if (!pid.lastname || !pid.dob) return null;
  // searchPatients matches names by contains: the service assigns only an exact match.
  const hits = await lookup.byNameAndDob(pid.lastname, pid.firstname, pid.dob);
  const hit = hits.find(
    (p) =>
      p.deleted !== '1' &&
      p.dob === pid.dob &&
      same(p.lastname, pid.lastname) &&
      (pid.firstname === '' || same(p.firstname, pid.firstname)),
  );
  return hit ? known(hit) : null;
}

/**
 * The lookup through the query cache: the same keys as every other read of these operations (getCustomerById,
 * searchPatients), always fresh (a patient created a moment ago must be found), and a record read by another
 * screen meanwhile is updated too.
 */
export function cachedLookup(queryClient: QueryClient): PatientLookup {
  return {
    async byId(patid) {
      try {
        return await queryClient.fetchQuery({ ...customerQuery(patid), staleTime: 0 });
      } catch (e) {
        if (isApiError(e) && e.kind === 'http' && e.httpStatus === 404) return null;
        throw e;
      }
    },
    async byNameAndDob(lastname, firstname, dob) {
      const criteria = firstname ? { lastname, firstname, dob } : { lastname, dob };
      const found = await queryClient.fetchQuery({
        ...patientSearchQuery(criteria, { limit: 50 }),
        staleTime: 0,
      });
      return found.items;
    },
  };
}

/** Reads a file as text (HL7 messages are small) and identifies its patient. */
export async function identifyFile(file: Blob, lookup: PatientLookup): Promise<Identity | null> {
  const pid = readPid(await file.text());
  if (!pid) return null;
  return { pid, ...(await findPatient(pid, lookup)) };
}
