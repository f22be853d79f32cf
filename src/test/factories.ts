import type { OpInput, OpName } from '#contract/operations.ts';
import type { Recall } from '#contract/recall.ts';
import type { CreateLeadInput, Lead } from '#contract/sales.ts';
import type { CreateCustomerInput, Patient } from '#contract/system.ts';
import type { ServiceHarness } from './service.ts';

/**
 * The one factory of the component tests: leads, tasks, notes, patients and recalls made through the reference
 * service (the same rules, ids and defaults as the app meets), never hand-written objects.
 */

let counter = 0;

async function ok(api: ServiceHarness, op: OpName, input: unknown): Promise<Record<string, unknown>> {
  const reply = await api.send(op, input);
  if (reply.http !== 200 || reply.body.status === false) {
    throw new Error(`${op} refused in a factory: ${reply.http} ${String(reply.body.msg)}`);
  }
  return reply.body;
}

/** A lead as getLeads returns it; a unique last name unless given. */
export async function createLead(api: ServiceHarness, input: Partial<CreateLeadInput> = {}): Promise<Lead> {
  counter += 1;
  const created = await ok(api, 'createLead', {
    ispatient: 1,
    ...input,
    contact: { firstname: 'Anna', lastname: `Muster ${counter}`, ...input.contact },
  });
  const { leadId } = created.result as { leadId: number };
  const page = await ok(api, 'getLeads', { filter: { leadId, includeDeleted: true }, offset: 0, limit: 1 });
  const [lead] = page.result as Lead[];
  if (!lead) throw new Error(`createLead: lead ${leadId} not found afterwards`);
  return lead;
}

/** A task on a lead (a new lead unless given); returns the lead, the task's text and its history id. */
export async function createTask(
  api: ServiceHarness,
  input: {
    lead?: Lead;
    text?: string;
    reminderDate?: string | null;
    assignedTo?: number;
    priority?: number;
    category?: string;
  } = {},
): Promise<{ lead: Lead; text: string; historyId: number }> {
  const lead = input.lead ?? (await createLead(api));
  counter += 1;
  const text = input.text ?? `Call back ${counter}`;
  const created = await ok(api, 'addLeadTask', {
    leadId: lead.leadId,
    text,
    reminderDate: input.reminderDate,
    assignedTo: input.assignedTo,
    priority: input.priority,
    category: input.category,
  });
  return { lead, text, historyId: (created.result as { historyId: number }).historyId };
}

/** A note on a lead, written by the demo user; returns its history id. */
export async function createNote(
  api: ServiceHarness,
  lead: Lead,
  input: { text?: string; category?: string } = {},
): Promise<{ text: string; historyId: number }> {
  counter += 1;
  const text = input.text ?? `Note ${counter}`;
  const created = await ok(api, 'addLeadNote', { leadId: lead.leadId, text, category: input.category });
  return { text, historyId: (created.result as { historyId: number }).historyId };
}

/** A patient of the practice (system/createCustomer); a unique last name unless given. */
export async function createPatient(
  api: ServiceHarness,
  input: Partial<Record<keyof CreateCustomerInput, string>> = {},
): Promise<{ patid: number; firstname: string; lastname: string }> {
  counter += 1;
  const fields = { firstname: 'Anna', lastname: `Patientin ${counter}`, language: 'de', ...input };
  const created = await ok(api, 'createCustomer', fields);
  const { id } = created.result as { id: number };
  return { patid: id, firstname: fields.firstname, lastname: fields.lastname };
}

/**
 * A recall of a patient (a new one unless `patid` is given; none for a template), made with createRecall and returned as getRecalls
 * lists it: a one-time letter in a month unless given. `failed` is what only the practice's sending job writes (no
 * operation sets a status): the recall is then marked as failed with that message in the tenant's database.
 */
export async function createRecall(
  api: ServiceHarness,
  input: Partial<OpInput<'createRecall'>> & { failed?: string } = {},
): Promise<Recall> {
  counter += 1;
  const { failed, ...fields } = input;
  // A template (preset 1) has no patient.
  const patid = fields.patid ?? (fields.preset === 1 ? 0 : (await createPatient(api)).patid);
  const created = await ok(api, 'createRecall', {
    title: `Kontrolle ${counter}`,
    nextRecall: '2026-12-01 09:00',
    recallType: 'brief',
    active: 1,
    ...fields,
    patid,
  });
  const { recallId } = created.result as { recallId: number };
  if (failed !== undefined) {
    api.service
      .db('demo')
      .prepare("UPDATE recalls SET status = 'error', error_msg = ? WHERE id = ?")
      .run(failed, recallId);
  }
  const listed = await ok(api, 'getRecalls', fields.preset === 1 ? { preset: 1 } : { patid });
  const recall = (listed.result as Recall[]).find((r) => r.id === recallId);
  if (!recall) throw new Error(`createRecall: recall ${recallId} not found afterwards`);
  return recall;
}

/** A Patient record as searchPatients answers it, for tests of code that reads one (no service involved). */
export function patientRecord(p: Partial<Patient> = {}): Patient {
  return {
    patid: 1,
    lastname: '',
    firstname: '',
    gender: 'male',
    dob: null,
    title: '',
    street: '',
    zip: '',
    city: '',
    country: '',
    countrycode: 'ch',
    mobile: '',
    mail: '',
    AHV: '',
    language: 'de',
    deleted: '0',
    ...p,
  };
}
