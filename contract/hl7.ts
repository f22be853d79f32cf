/** Just enough HL7 v2 (ORU^R01) to assign a patient and list the results: MSH, PID, OBR, OBX. */

export interface Hl7Result {
  name: string;
  value: string;
  unit: string;
  range: string;
  flag: string;
}

export interface Hl7Message {
  /** PID-3, first identifier (the patid when the sender knows it). */
  patientId: string;
  /** PID-5 family and given name. */
  lastname: string;
  firstname: string;
  /** PID-7 as YYYY-MM-DD, or "" when absent or malformed. */
  dob: string;
  /** OBR-7, else MSH-7, as `YYYY-MM-DD HH:MM:SS`; "" when absent. */
  observed: string;
  /** MSH-4 sending facility. */
  facility: string;
  /** OBR-4 text: the ordered test battery. */
  battery: string;
  results: Hl7Result[];
}

interface Separators {
  field: string;
  component: string;
  repetition: string;
  escape: string;
  subcomponent: string;
}

function segmentsOf(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The MSH segment's separators; undefined when the text has no MSH segment. */
function separatorsOf(segments: string[]): Separators | undefined {
  const msh = segments.find((s) => s.startsWith('MSH') && s.length >= 8);
  if (!msh) return undefined;
  const field = msh[3];
  // The field separator must be punctuation, not a letter or digit (rules out e.g. "MSHX...").
  if (/[A-Za-z0-9\s]/.test(field)) return undefined;
  return { field, component: msh[4], repetition: msh[5], escape: msh[6], subcomponent: msh[7] };
}

/** Whether the text carries an MSH segment (docs/api.md#labor: else `Invalid HL7 message.`). */
export function hasMshSegment(text: string): boolean {
  return separatorsOf(segmentsOf(text)) !== undefined;
}

function unescapeHl7(value: string, sep: Separators): string {
  if (!value.includes(sep.escape)) return value;
  const e = sep.escape.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return value
    .replace(new RegExp(`${e}F${e}`, 'g'), sep.field)
    .replace(new RegExp(`${e}S${e}`, 'g'), sep.component)
    .replace(new RegExp(`${e}R${e}`, 'g'), sep.repetition)
    .replace(new RegExp(`${e}T${e}`, 'g'), sep.subcomponent)
    .replace(new RegExp(`${e}E${e}`, 'g'), sep.escape);
}

/** `YYYYMMDD[HHMM[SS]]` -> `YYYY-MM-DD HH:MM:SS` (or `YYYY-MM-DD` with dateOnly); "" when malformed. */
export function hl7DateTime(value: string, dateOnly = false): string {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?/.exec(value.trim());
  if (!m) return '';
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return '';
  if (dateOnly) return day;
  return `${day} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
}

export function parseHl7(text: string): Hl7Message | undefined {
  const segments = segmentsOf(text);
  const sep = separatorsOf(segments);
  if (!sep) return undefined;
  const fieldsOf = (seg: string) => seg.split(sep.field);
  // Field n of a segment; MSH counts its field separator as MSH-1.
  const field = (seg: string, n: number) => {
    const f = fieldsOf(seg);
    return (seg.startsWith('MSH') ? f[n - 1] : f[n]) ?? '';
  };
  const firstRep = (v: string) => v.split(sep.repetition)[0] ?? '';
  const comp = (v: string, i: number) => unescapeHl7(firstRep(v).split(sep.component)[i] ?? '', sep).trim();

  const msh = segments.find((s) => s.startsWith('MSH')) ?? '';
  const pid = segments.find((s) => s.startsWith(`PID${sep.field}`)) ?? '';
  const obr = segments.find((s) => s.startsWith(`OBR${sep.field}`)) ?? '';

  // PID-3 may repeat (several identifiers): the first one made of digits is the practice's patid.
  const ids = field(pid, 3)
    .split(sep.repetition)
    .map((r) => (r.split(sep.component)[0] ?? '').trim());
  const patientId = ids.find((v) => /^\d+$/.test(v)) ?? ids[0] ?? '';

  const results: Hl7Result[] = segments
    .filter((s) => s.startsWith(`OBX${sep.field}`))
    .map((s) => {
      const id = field(s, 3);
      const value = unescapeHl7(firstRep(field(s, 5)).split(sep.component).join(' '), sep).trim();
      return {
        name: comp(id, 1) || comp(id, 0),
        value,
        unit: comp(field(s, 6), 0),
        range: unescapeHl7(field(s, 7), sep).trim(),
        flag: comp(field(s, 8), 0),
      };
    });

  return {
    patientId,
    lastname: comp(field(pid, 5), 0),
    firstname: comp(field(pid, 5), 1),
    dob: hl7DateTime(field(pid, 7), true),
    observed: hl7DateTime(field(obr, 7)) || hl7DateTime(field(msh, 7)),
    facility: comp(field(msh, 4), 0),
    battery: comp(field(obr, 4), 1) || comp(field(obr, 4), 0),
    results,
  };
}

/** The history entry text: one line per OBX result. */
export function resultLines(msg: Hl7Message): string {
  if (msg.results.length === 0) return 'Laborbefund ohne Resultate.';
  return msg.results
    .map((r) => {
      const unit = r.unit ? ` ${r.unit}` : '';
      const range = r.range ? ` (Ref. ${r.range})` : '';
      const flag = r.flag && r.flag !== 'N' ? ` ${r.flag}` : '';
      return `${r.name}: ${r.value}${unit}${range}${flag}`;
    })
    .join('\n');
}

/** What buildHl7 writes: a minimal ORU^R01 message (demo data and tests). */
export interface Hl7Draft {
  /** PID-3; "" to leave the patient to name and birthday. */
  patid: number | '';
  lastname: string;
  firstname: string;
  /** YYYY-MM-DD */
  dob: string;
  /** `YYYY-MM-DD HH:MM:SS` */
  observed: string;
  facility?: string;
  battery?: string;
  results: readonly Hl7Result[];
  controlId?: string;
}

const compact = (s: string) => s.replace(/[-: ]/g, '');

export function buildHl7(d: Hl7Draft): string {
  const when = compact(d.observed).slice(0, 14);
  const facility = d.facility ?? 'Labor Risch';
  const segments = [
    `MSH|^~\\&|LABSYS|${facility}|PRAXIS|Praxis|${when}||ORU^R01|${d.controlId ?? when}|P|2.5`,
    `PID|1||${d.patid}||${d.lastname}^${d.firstname}||${compact(d.dob)}`,
    `OBR|1|||^${d.battery ?? 'Laboranalysen'}|||${when}`,
    ...d.results.map(
      (r, i) => `OBX|${i + 1}|NM|${i + 1}^${r.name}||${r.value}|${r.unit}|${r.range}|${r.flag}|||F`,
    ),
  ];
  return `${segments.join('\r')}\r`;
}
