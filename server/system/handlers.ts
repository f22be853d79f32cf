import { normalizeDob } from '../../contract/system.ts';
import { type Db, sql } from '../db/database.ts';
import { fail, type Handlers } from '../handler.ts';
import { openapiResponse } from '../openapi.ts';
import { zurichDateTime } from '../time.ts';
import { containsGlob } from './text-match.ts';

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
  mail, ahv AS AHV, language, CASE deleted WHEN 0 THEN '0' ELSE '1' END AS deleted`;

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
    const lastname = input.lastname?.trim();
    const firstname = input.firstname?.trim();
    const mail = input.mail?.trim();
    const ahv = input.ahv?.trim();
    if (lastname) {
      where.push('lastname GLOB ?');
      args.push(containsGlob(lastname));
    }
    if (firstname) {
      where.push('firstname GLOB ?');
      args.push(containsGlob(firstname));
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
      // Exact, but written with or without the dots (756.1234.5678.97 or 7561234567897).
      const digits = ahv.replaceAll('.', '');
      where.push('ahv IN (?, ?)');
      args.push(
        ahv,
        /^\d{13}$/.test(digits)
          ? `${digits.slice(0, 3)}.${digits.slice(3, 7)}.${digits.slice(7, 11)}.${digits.slice(11)}`
          : digits,
      );
    }
    const rows = sql(
      ctx.db,
      `SELECT ${patientCols} FROM patients WHERE ${where.join(' AND ')}
       ORDER BY lastname COLLATE NOCASE, firstname COLLATE NOCASE, patid LIMIT ? OFFSET ?`,
    ).all(...args, input.limit, input.offset);
    return { result: rows };
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
