import type { OpParsedInput } from '#contract/operations.ts';
import { normalizeDob, updateCustomerMessages } from '#contract/system.ts';
import { ahvDigits, foldText, phoneKey, plainText } from '#contract/text-match.ts';
import { zurichDateTime } from '../../time.ts';
import { type Db, sql } from '../db/database.ts';
import { fail, type Handlers } from '../handler.ts';
import { openapiResponse } from '../openapi.ts';

interface ProviderRow {
  userid: number;
  title: string;
  givenname: string;
  familyname: string;
  specialization: string;
  gender: string;
  employee_active: number;
}

const providerCols = 'userid, title, givenname, familyname, specialization, gender, employee_active';

function toProvider(r: ProviderRow) {
  return {
    userid: r.userid,
    title: r.title,
    givenname: r.givenname,
    familyname: r.familyname,
    specialization: r.specialization,
    gender: r.gender,
    // Tenants of the reference service are always active.
    active: r.employee_active === 1,
  };
}

/** The Patient record of searchPatients and getCustomerById, straight from SQL (no per-row work). */
const patientCols = `patid, lastname, firstname, gender, dob, title, street, zip, city, country, countrycode, mobile,
  tel, mail, ahv AS AHV, language, CASE deleted WHEN 0 THEN '0' ELSE '1' END AS deleted, version`;

function findProvider(db: Db, userid: number) {
  return sql(db, `SELECT ${providerCols} FROM users WHERE userid = ? AND is_provider = 1`).get(userid) as
    | ProviderRow
    | undefined;
}

export const systemHandlers: Handlers = {
  getProviders: (ctx, input) => {
    const rows = sql(
      ctx.db,
      `SELECT ${providerCols} FROM users WHERE is_provider = 1 AND (? = 1 OR employee_active = 1)
       ORDER BY familyname COLLATE NOCASE, givenname COLLATE NOCASE`,
    ).all(input.getall ?? 0) as unknown as ProviderRow[];
    return { result: rows.map(toProvider) };
  },
  whoami: (ctx) => {
    const u = sql(ctx.db, 'SELECT userid, username, givenname, familyname FROM users WHERE userid = ?').get(
      ctx.user.userid,
    ) as { userid: number; username: string; givenname: string; familyname: string } | undefined;
    return {
      result: {
        userid: ctx.user.userid,
        username: ctx.user.username.startsWith('api-key')
          ? ctx.user.username
          : (u?.username ?? ctx.user.username),
        givenname: u?.givenname ?? '',
        familyname: u?.familyname ?? '',
        modules: [...ctx.user.modules],
        tenant: ctx.tenant.name,
      },
    };
  },
  getUsers: (ctx, input) => {
    const rows = sql(
      ctx.db,
      `SELECT userid, givenname, familyname, employee_active FROM users WHERE (? = 1 OR employee_active = 1)
       ORDER BY familyname COLLATE NOCASE, givenname COLLATE NOCASE`,
    ).all(input.getall ?? 0) as unknown as {
      userid: number;
      givenname: string;
      familyname: string;
      employee_active: number;
    }[];
    return {
      result: rows.map((r) => ({
        userid: r.userid,
        givenname: r.givenname,
        familyname: r.familyname,
        active: r.employee_active === 1,
      })),
    };
  },
  getProvider: (ctx, input) => {
    const row = findProvider(ctx.db, input.provider);
    if (!row) fail(404, 'Provider not found.');
    return { result: toProvider(row) };
  },

  getCustomerById: (ctx, input) => {
    const row = sql(ctx.db, `SELECT ${patientCols} FROM patients WHERE patid = ?`).get(input.patid);
    if (!row) fail(404, 'Patient not found.');
    return { result: row };
  },

  searchPatients: (ctx, input) => {
    const where: string[] = [];
    const args: (string | number)[] = [];
    // Names are compared by their stored plain and folded keys (docs/api.md#patient-search, contract/text-match.ts): instr()
    // on keys, whose cost does not grow with the pattern's length the way a per-letter GLOB class did.
    const lastname = input.lastname?.trim() ?? '';
    const firstname = input.firstname?.trim() ?? '';
    const mail = input.mail?.trim();
    const ahv = input.ahv?.trim();
    const phone = input.phone?.trim();
    for (const [name, value] of [
      ['lastname', lastname],
      ['firstname', firstname],
    ] as const) {
      if (!value) continue;
      where.push(`(instr(${name}_plain, ?) > 0 OR instr(${name}_key, ?) > 0)`);
      args.push(plainText(value), foldText(value));
    }
    if (input.dob) {
      where.push('dob = ?');
      args.push(input.dob);
    }
    if (input.patid !== undefined) {
      where.push('patid = ?');
      args.push(input.patid);
    }
    if (mail) {
      where.push('mail = ? COLLATE NOCASE');
      args.push(mail);
    }
    if (ahv) {
      // Exact, written with or without dots and spaces (756.1234.5678.97, 756 1234 5678 97, 7561234567897).
      where.push('ahv_key = ?');
      args.push(ahvDigits(ahv) ?? ahv.replace(/[\s.]/g, ''));
    }
    if (phone) {
      const key = phoneKey(phone);
      // A number without digits matches nobody (not everybody, as an empty instr() needle would).
      if (key === '') where.push('0');
      else {
        where.push('(instr(tel_key, ?) > 0 OR instr(mobile_key, ?) > 0)');
        args.push(key, key);
      }
    }
    const rows = sql(
      ctx.db,
      `SELECT ${patientCols} FROM patients WHERE ${where.join(' AND ')}
       ORDER BY lastname COLLATE NOCASE, firstname COLLATE NOCASE, patid LIMIT ? OFFSET ?`,
    ).all(...args, input.limit, input.offset);
    return { result: rows };
  },

  updateCustomer: (ctx, input) => {
    const row = sql(ctx.db, 'SELECT * FROM patients WHERE patid = ?').get(input.patid) as
      | Record<string, string | number | null>
      | undefined;
    if (!row) fail(404, updateCustomerMessages.notFound);
    if (row.deleted !== 0) fail(422, updateCustomerMessages.deleted);
    // Optimistic concurrency (docs/api.md#versions): a write based on an older read changes nothing. Requests
    // of a tenant take turns in one transaction each, so nothing changes between this read and the update.
    if (input.ifVersion !== undefined && input.ifVersion !== row.version)
      fail(409, updateCustomerMessages.changed);
    const changes = customerChanges(ctx, input, row);
    if (changes.length === 0) return { result: null };
    const set = changes.map((c) => `${c.column} = ?`).join(', ');
    sql(ctx.db, `UPDATE patients SET ${set} WHERE patid = ?`).run(
      ...changes.map((c) => c.value),
      input.patid,
    );
    const now = zurichDateTime(ctx.now());
    const author = sql(ctx.db, 'SELECT givenname, familyname FROM users WHERE userid = ?').get(
      ctx.user.userid,
    ) as { givenname: string; familyname: string } | undefined;
    sql(
      ctx.db,
      `INSERT INTO hx_entries (patid, category, text, date, teaser, author, userid, deleted, created)
       VALUES (?, 'Data', ?, ?, ?, ?, ?, 0, ?)`,
    ).run(
      input.patid,
      changes.map((c) => `${c.label}: ${c.before || '–'} → ${c.value ?? '–'}`).join('\n'),
      now,
      'Personalien geändert',
      author ? `${author.givenname} ${author.familyname}`.trim() : ctx.user.username,
      ctx.user.userid,
      now,
    );
    return { result: null };
  },

  createCustomer: (ctx, input) => {
    const language = input.language?.trim() ?? '';
    if (language !== '' && !ctx.tenant.languages.includes(language.toLowerCase())) {
      fail(200, `Unknown language: ${input.language}`);
    }
    let groupId: number | null = null;
    let group: 'created' | 'existed' | undefined;
    const groupName = input.group?.trim();
    if (groupName) {
      const found = sql(ctx.db, 'SELECT id FROM patient_groups WHERE name = ?').get(groupName) as
        | { id: number }
        | undefined;
      if (found) {
        groupId = found.id;
        group = 'existed';
      } else {
        groupId = Number(
          sql(ctx.db, 'INSERT INTO patient_groups (name) VALUES (?)').run(groupName).lastInsertRowid,
        );
        group = 'created';
      }
    }
    const t = (v: string | undefined) => v?.trim() ?? '';
    const info = sql(
      ctx.db,
      `INSERT INTO patients (lastname, firstname, gender, dob, title, street, zip, city, country, countrycode,
         tel, fax, mobile, mail, ahv, language, group_id, deleted, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
    ).run(
      t(input.lastname),
      t(input.firstname),
      // The document's rule: contains the letter f -> female, anything else (or nothing) -> male.
      /f/i.test(input.gender ?? '') ? 'female' : 'male',
      input.dob ? normalizeDob(input.dob) : null,
      t(input.title),
      t(input.street),
      t(input.zip),
      t(input.city),
      t(input.country),
      t(input.countrycode).toLowerCase(),
      t(input.tel),
      t(input.fax),
      t(input.mobile),
      t(input.mail),
      t(input.ahv),
      language.toLowerCase(),
      groupId,
      zurichDateTime(ctx.now()),
    );
    const id = Number(info.lastInsertRowid);
    return { result: group ? { id, group } : { id } };
  },

  openapi: (ctx, input) => ({
    raw: openapiResponse(ctx.request, input.format ?? 'yaml', ctx.now().getTime()),
  }),
};

type UpdateInput = OpParsedInput<'updateCustomer'>;

/** Fields of createCustomer as updateCustomer changes them: column, how the value is stored, its history label. */
const customerFields: { field: keyof UpdateInput; column: string; label: string }[] = [
  { field: 'title', column: 'title', label: 'Titel' },
  { field: 'lastname', column: 'lastname', label: 'Name' },
  { field: 'firstname', column: 'firstname', label: 'Vorname' },
  { field: 'gender', column: 'gender', label: 'Geschlecht' },
  { field: 'dob', column: 'dob', label: 'Geburtsdatum' },
  { field: 'street', column: 'street', label: 'Strasse' },
  { field: 'zip', column: 'zip', label: 'PLZ' },
  { field: 'city', column: 'city', label: 'Ort' },
  { field: 'country', column: 'country', label: 'Land' },
  { field: 'countrycode', column: 'countrycode', label: 'Ländercode' },
  { field: 'tel', column: 'tel', label: 'Telefon' },
  { field: 'fax', column: 'fax', label: 'Fax' },
  { field: 'mobile', column: 'mobile', label: 'Mobile' },
  { field: 'mail', column: 'mail', label: 'E-Mail' },
  { field: 'ahv', column: 'ahv', label: 'AHV-Nr.' },
  { field: 'language', column: 'language', label: 'Sprache' },
];

interface Change {
  column: string;
  label: string;
  before: string;
  value: string | number | null;
}

/** What updateCustomer would change, stored as createCustomer stores it; refuses an unknown language first. */
function customerChanges(
  ctx: Parameters<NonNullable<Handlers['updateCustomer']>>[0],
  input: UpdateInput,
  row: Record<string, string | number | null>,
): Change[] {
  const changes: Change[] = [];
  if (input.language !== undefined) {
    const language = input.language.trim();
    if (language !== '' && !ctx.tenant.languages.includes(language.toLowerCase())) {
      fail(200, `${updateCustomerMessages.language}${input.language}`);
    }
  }
  for (const { field, column, label } of customerFields) {
    const raw = input[field];
    if (raw === undefined || typeof raw !== 'string') continue;
    let value: string | null = raw.trim();
    if (field === 'gender') value = /f/i.test(value) ? 'female' : 'male';
    else if (field === 'dob') value = value ? normalizeDob(value) : null;
    else if (field === 'countrycode' || field === 'language') value = value.toLowerCase();
    const before = row[column] ?? null;
    if ((before ?? '') === (value ?? '')) continue;
    changes.push({ column, label, before: before === null ? '' : String(before), value });
  }
  if (input.group !== undefined) {
    const name = input.group.trim();
    let groupId: number | null = null;
    if (name) {
      const found = sql(ctx.db, 'SELECT id FROM patient_groups WHERE name = ?').get(name) as
        | { id: number }
        | undefined;
      groupId =
        found?.id ??
        Number(sql(ctx.db, 'INSERT INTO patient_groups (name) VALUES (?)').run(name).lastInsertRowid);
    }
    if ((row.group_id ?? null) !== groupId) {
      changes.push({ column: 'group_id', label: 'Gruppe', before: '', value: groupId });
    }
  }
  return changes;
}
