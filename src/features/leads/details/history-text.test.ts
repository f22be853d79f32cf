import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#i18n/index.ts';
import { historyCategory, historyText } from './history-text.ts';

// The folders as getReferenceData sends them: standard ones by their English label, a custom one.
const folders = [
  { folderId: 1, label: 'Open' },
  { folderId: 2, label: 'To be contacted' },
  { folderId: 21, label: 'Rückruf Mo' },
];
const entry = (type: string, text: string, category = '') => ({ type, text, category });

async function inLanguage(language: string) {
  await i18n.changeLanguage(language);
  return i18n.getFixedT(language, 'leadDetails');
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('historyText (what the reference service writes, in the app language)', () => {
  it('says who joined the watchers in German, the name as written', async () => {
    const t = await inLanguage('de');
    expect(historyText(entry('J', 'Watcher joined: Petra Sommer'), folders, t)).toBe(
      'Neu unter den Beobachtenden: Petra Sommer',
    );
  });

  it('names standard folders in the language and keeps a custom folder and the note', async () => {
    const t = await inLanguage('fr');
    expect(historyText(entry('S', 'Folder: Open → To be contacted'), folders, t)).toBe(
      'Dossier\u202f: Ouvert → À contacter',
    );
    expect(historyText(entry('S', 'Folder: To be contacted → Rückruf Mo (ruft zurück)'), folders, t)).toBe(
      'Dossier\u202f: À contacter → Rückruf Mo (ruft zurück)',
    );
  });

  it('gives a disqualification’s reason by its label, never by its code', async () => {
    const t = await inLanguage('de');
    const withDisqualified = [...folders, { folderId: 5, label: 'Disqualified' }];
    expect(
      historyText(entry('S', 'Folder: Open → Disqualified (OTHER: Anderer Grund)'), withDisqualified, t),
    ).toBe('Ordner: Offen → Disqualifiziert (Anderer Grund)');
  });

  it('says "nobody" for an assignee change from no one', async () => {
    const t = await inLanguage('it');
    expect(historyText(entry('A', 'Assignee: - → Luca Meier'), folders, t)).toBe(
      'Responsabile: nessuno → Luca Meier',
    );
  });

  it('names changed fields as the data form does, values as written', async () => {
    const t = await inLanguage('de');
    expect(
      historyText(
        entry('', 'Data changed: communication.mail: a@b.ch → c@d.ch; what: - → Knie', 'Data'),
        folders,
        t,
      ),
    ).toBe('Daten geändert: E-Mail: a@b.ch → c@d.ch; Anliegen: - → Knie');
  });

  it('leaves any other text exactly as the service sent it', async () => {
    const t = await inLanguage('de');
    for (const e of [
      entry('', 'Watcher joined: looks like one, but is a note'),
      entry('J', 'Beobachter Meier hinzugefügt'),
      entry('S', 'Ordner geändert'),
      entry('OFF', 'Offerte 1200 CHF'),
    ]) {
      expect(historyText(e, folders, t)).toBe(e.text);
    }
  });

  it('names the Data category of a data change in the language; the practice’s categories by their label', async () => {
    const t = await inLanguage('it');
    const categories = [{ code: 'CALL', label: 'Telefonata' }];
    expect(historyCategory('Data', categories, t)).toBe('Dati');
    expect(historyCategory('CALL', categories, t)).toBe('Telefonata');
    expect(historyCategory('XY', categories, t)).toBe('XY');
  });
});
