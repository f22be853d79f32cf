import { sql } from '../db/database.ts';
import type { Handlers } from '../handler.ts';

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
};
