import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { rememberSession } from './screens.ts';
import { api } from './support.ts';

/**
 * Lab answers in the user's language (issue 27): the same HL7 message sent twice reads as "already uploaded", with
 * nothing to correct and nothing to send again; no status number and no English text of the service on the row.
 */

const run = Date.now().toString(36);

interface Patient {
  patid: number;
  lastname: string;
  firstname: string;
  dob: string | null;
}

function hl7For(p: Patient, controlId: string): Buffer {
  const dob = (p.dob ?? '1970-01-01').replaceAll('-', '');
  const segments = [
    `MSH|^~\\&|LABSYS|Labor Risch|PRAXIS|Praxis|20261120093000||ORU^R01|${controlId}|P|2.5`,
    `PID|1||${p.patid}||${p.lastname}^${p.firstname}||${dob}`,
    'OBR|1|||^Blutbild|||20261120090000',
    'OBX|1|NM|718-7^Haemoglobin||14.1|g/dl|12.0-16.0|N|||F',
  ];
  return Buffer.from(`${segments.join('\r')}\r`, 'utf8');
}

async function choose(page: Page, button: string, file: { name: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ ...file, mimeType: 'application/octet-stream' });
}

const languages = [
  {
    lang: 'de',
    title: 'Laborbefunde',
    choose: 'Dateien auswählen',
    saved: 'Auf dem Praxisserver gespeichert.',
    phase: 'Bereits hochgeladen',
    already: 'Diese Datei ist bereits auf dem Praxisserver. Es ist nichts zu tun.',
    retry: 'erneut senden',
    summary:
      '1 angenommen, 1 bereits hochgeladen, 0 abgelehnt oder fehlgeschlagen, 0 in Arbeit, 0 nicht gesendet',
  },
  {
    lang: 'fr',
    title: 'Résultats de laboratoire',
    choose: 'Choisir des fichiers',
    saved: 'Enregistré sur le serveur du cabinet.',
    phase: 'Déjà téléversé',
    already: 'Ce fichier est déjà sur le serveur du cabinet. Rien à faire.',
    retry: 'Renvoyer',
    summary: '1 accepté, 1 déjà téléversé, 0 refusé ou en échec, 0 en cours, 0 non envoyé',
  },
] as const;

for (const w of languages) {
  test(`a duplicate lab upload reads as already uploaded in ${w.lang}`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const patient = await api<Patient>(request, 'system/getCustomerById', { patid: 7 });
    const file = { name: `e2e-words-${w.lang}-${run}.hl7`, buffer: hl7For(patient, `W${w.lang}${run}`) };
    await rememberSession(page, { language: w.lang });
    await page.goto('/lab');
    await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();

    await choose(page, w.choose, file);
    const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: file.name }) });
    await expect(rows.first()).toContainText(w.saved);
    await choose(page, w.choose, file);
    await expect(rows).toHaveCount(2);

    const duplicate = rows.nth(1);
    await expect(duplicate).toContainText(w.phase);
    await expect(duplicate).toContainText(w.already);
    await expect(page.getByTestId('upload-summary')).toHaveText(w.summary);
    // Nothing to correct and nothing to send again; no status code, no English text of the service.
    await expect(duplicate.getByRole('button', { name: new RegExp(w.retry) })).toHaveCount(0);
    const text = ((await duplicate.textContent()) ?? '').replace(file.name, '');
    expect(text).not.toMatch(/\b[245]00\b|Status|file already exists|korrig|corrig/i);
  });
}
