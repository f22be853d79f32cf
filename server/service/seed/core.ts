import { addDays, zurichDateTime } from '../../time.ts';
import type { SeedContext } from './index.ts';
import {
  ahvFor,
  doubleNames,
  femaleFirst,
  lastNames,
  mailDomains,
  mailFor,
  maleFirst,
  mobileFor,
  places,
  streets,
} from './swiss.ts';

/** User ids of the demo data: 1 is the signed-in demo user (front office), 2-5 practitioners (5 inactive), 6-7 sales. */
export const DEMO_USER = 1;
export const SALES_USERS = [1, 6, 7] as const;

export function seedCore(ctx: SeedContext): void {
  const { db, rng, sizes } = ctx;
  const users = db.prepare(
    `INSERT INTO users (userid, username, title, givenname, familyname, specialization, gender, mail, is_provider, employee_active)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const login = ctx.tenant.name === 'demo' ? 'demo' : ctx.tenant.name;
  users.run(1, login, '', 'Petra', 'Sommer', '', 'f', 'petra.sommer@praxis.example', 0, 1);
  users.run(
    2,
    'abrunner',
    'Dr. med.',
    'Andrea',
    'Brunner',
    'Allgemeine Innere Medizin',
    'f',
    'a.brunner@praxis.example',
    1,
    1,
  );
  users.run(3, 'mfavre', 'Dr. med.', 'Marc', 'Favre', 'Dermatologie', 'm', 'm.favre@praxis.example', 1, 1);
  users.run(4, 'lrossi', 'Dr. med.', 'Lucia', 'Rossi', 'Gynäkologie', 'f', 'l.rossi@praxis.example', 1, 1);
  users.run(5, 'hkeller', 'Dr. med.', 'Hans', 'Keller', 'Orthopädie', 'm', 'h.keller@praxis.example', 1, 0);
  users.run(6, 'nweber', '', 'Nina', 'Weber', '', 'f', 'n.weber@praxis.example', 0, 1);
  users.run(7, 'lmeier', '', 'Luca', 'Meier', '', 'm', 'l.meier@praxis.example', 0, 1);

  const cal = db.prepare('INSERT INTO calendars (calendarid, name, provider, color) VALUES (?, ?, ?, ?)');
  cal.run(1, 'Dr. Brunner', 2, '#228be6');
  cal.run(2, 'Dr. Favre', 3, '#40c057');
  cal.run(3, 'Dr. Rossi', 4, '#be4bdb');
  cal.run(4, 'Dr. Keller', 5, '#fd7e14');
  cal.run(5, 'Labor / MPA', null, '#868e96');

  db.prepare('INSERT INTO patient_groups (id, name) VALUES (?, ?)').run(1, 'Stammpatienten');
  db.prepare('INSERT INTO patient_groups (id, name) VALUES (?, ?)').run(2, 'Sportmedizin');

  const patient = db.prepare(
    `INSERT INTO patients (patid, lastname, firstname, gender, dob, title, street, zip, city, country, countrycode,
       tel, fax, mobile, mail, ahv, language, group_id, deleted, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'Schweiz', 'ch', ?, '', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const created = zurichDateTime(ctx.now);
  for (let i = 1; i <= sizes.patients; i++) {
    const female = rng.chance(0.52);
    const first = rng.pick(female ? femaleFirst : maleFirst);
    const last = i % 23 === 0 ? rng.pick(doubleNames) : rng.pick(lastNames);
    const place = rng.pick(places);
    const language = rng.chance(0.1) ? 'en' : place.lang;
    const dob = addDays(ctx.today, -rng.int(2 * 365, 90 * 365));
    patient.run(
      i,
      last,
      first,
      female ? 'female' : 'male',
      dob,
      rng.chance(0.05) ? 'Dr.' : '',
      `${rng.pick(streets)} ${rng.int(1, 120)}`,
      place.zip,
      place.city,
      rng.chance(0.3)
        ? `+41 44 ${String(2000000 + i).slice(-7, -4)} ${String(i).padStart(4, '0').slice(-4, -2)} ${String(i).padStart(2, '0').slice(-2)}`
        : '',
      rng.chance(0.85) ? mobileFor(i) : '',
      rng.chance(0.8) ? mailFor(first, last, i, rng.pick(mailDomains)) : '',
      rng.chance(0.9) ? ahvFor(i) : '',
      ctx.tenant.languages.includes(language) ? language : 'de',
      rng.chance(0.2) ? rng.int(1, 2) : null,
      i % 40 === 0 ? 1 : 0,
      created,
    );
  }
}
