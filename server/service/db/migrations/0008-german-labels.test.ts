import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate, registerFunctions } from '../database.ts';
import { customFolderLabels, referenceLabels } from './0008-german-labels.ts';
import { migrations } from './index.ts';

/** A database as an older version left it: every migration before 0008 applied, English demo labels. */
function olderDemoDatabase(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON');
  registerFunctions(db);
  db.exec('CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied TEXT NOT NULL)');
  for (const m of migrations.slice(
    0,
    migrations.findIndex((x) => x.id === '0008-german-labels'),
  )) {
    db.exec(m.sql);
    db.prepare('INSERT INTO schema_migrations (id, applied) VALUES (?, ?)').run(m.id, 'then');
  }
  const folder = db.prepare(
    'INSERT INTO lead_folders (folder_id, label, ispatient, custom, sort) VALUES (?, ?, ?, 1, 35)',
  );
  folder.run(100, 'Waiting list', 1);
  folder.run(101, 'Partner follow-up', 0);
  return db;
}

const label = (db: DatabaseSync, kind: string, code: string) =>
  (
    db.prepare('SELECT label FROM lead_reference WHERE kind = ? AND code = ?').get(kind, code) as {
      label: string;
    }
  ).label;
const folderLabel = (db: DatabaseSync, id: number) =>
  (db.prepare('SELECT label FROM lead_folders WHERE folder_id = ?').get(id) as { label: string }).label;

function addLead(db: DatabaseSync, leadId: number, folderId: number, texts: [string, string][]): void {
  db.prepare(
    `INSERT INTO leads (lead_id, uniqid, ispatient, folder_id, created, created_by, last_activity)
     VALUES (?, ?, 1, ?, '2026-01-01 10:00:00', 1, '2026-01-01 10:00:00')`,
  ).run(leadId, `u${leadId}`, folderId);
  const entry = db.prepare(
    `INSERT INTO lead_history (lead_id, type, category, text, created_by, created, lead_ispatient)
     VALUES (?, ?, '', ?, 1, '2026-01-01 10:00:00', 1)`,
  );
  for (const [type, text] of texts) entry.run(leadId, type, text);
}

const texts = (db: DatabaseSync, leadId: number) =>
  (
    db.prepare('SELECT text FROM lead_history WHERE lead_id = ? ORDER BY history_id').all(leadId) as {
      text: string;
    }[]
  ).map((r) => r.text);

describe('migration 0008: the demo labels in German', () => {
  it('rewrites every seeded English label of an older demo database to German', () => {
    const db = olderDemoDatabase();
    expect(label(db, 'sources', 'M')).toBe('Word of mouth');
    expect(migrate(db)).toBe(false);
    for (const [kind, code, , de] of referenceLabels)
      expect(label(db, kind, code), `${kind} ${code}`).toBe(de);
    expect(label(db, 'flags', 'URGENT')).toBe('Dringend');
    expect(label(db, 'flags', 'CALLBACK')).toBe('Rückruf gewünscht');
    expect(label(db, 'disqualification', 'PRICE')).toBe('Zu teuer');
    expect(label(db, 'categories', 'CALL')).toBe('Telefonat');
    expect(folderLabel(db, 100)).toBe('Warteliste');
    expect(folderLabel(db, 101)).toBe(customFolderLabels[1][3]);
    // The standard folders are named by the app in its language (by id): unchanged.
    expect(folderLabel(db, 1)).toBe('Open');
  });

  it('rewrites the folder-change entries that quote a seeded label, and nothing else', () => {
    const db = olderDemoDatabase();
    addLead(db, 1, 100, [
      ['S', 'Folder: Open → Waiting list'],
      ['S', 'Folder: Waiting list → Converted (patient 206)'],
      ['S', 'Folder: Open → Waiting list (patient 7)'],
      ['S', 'Folder: To be contacted → Disqualified (PRICE: Too expensive)'],
      ['S', 'Folder: Open → Disqualified (OTHER: Other)'],
      // A note that happens to say the same words is the practice's own text: left alone.
      ['', 'Folder: Open → Waiting list'],
      ['', 'Patient is on the Waiting list, Too expensive'],
      // Not exactly a seeded label: left alone.
      ['S', 'Folder: Open → Waiting lists'],
    ]);
    migrate(db);
    expect(texts(db, 1)).toEqual([
      'Folder: Open → Warteliste',
      'Folder: Warteliste → Converted (patient 206)',
      'Folder: Open → Warteliste (patient 7)',
      'Folder: To be contacted → Disqualified (PRICE: Zu teuer)',
      'Folder: Open → Disqualified (OTHER: Anderer Grund)',
      'Folder: Open → Waiting list',
      'Patient is on the Waiting list, Too expensive',
      'Folder: Open → Waiting lists',
    ]);
  });

  it('leaves a label the practice has changed itself as it is', () => {
    const db = olderDemoDatabase();
    db.prepare(`UPDATE lead_reference SET label = 'Empfehlung' WHERE kind = 'sources' AND code = 'M'`).run();
    db.prepare(`UPDATE lead_folders SET label = 'Warten auf OP' WHERE folder_id = 100`).run();
    db.prepare(
      `INSERT INTO lead_reference (kind, code, label, sort) VALUES ('sources', 'X', 'Phone', 70)`,
    ).run();
    migrate(db);
    expect(label(db, 'sources', 'M')).toBe('Empfehlung');
    expect(folderLabel(db, 100)).toBe('Warten auf OP');
    // Same English text under a code the seed never used: not a seeded label.
    expect(label(db, 'sources', 'X')).toBe('Phone');
    expect(label(db, 'sources', 'P')).toBe('Telefon');
  });
});
