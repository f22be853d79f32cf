import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '#i18n/index.ts';
import { appointmentStateName, folderName } from './codes.ts';

describe('names of what the app knows by id or code', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates the standard folders of both pipelines and keeps a custom folder as the practice named it', async () => {
    await i18n.changeLanguage('fr');
    expect(folderName({ folderId: 2, label: 'To be contacted' })).toBe('À contacter');
    expect(folderName({ folderId: 15, label: 'Disqualified' })).toBe('Disqualifié');
    expect(folderName({ folderId: 100, label: 'Liste d’attente' })).toBe('Liste d’attente');
    await i18n.changeLanguage('it');
    expect(folderName({ folderId: 4, label: 'Converted' })).toBe('Convertito');
    await i18n.changeLanguage('de');
    expect(folderName({ folderId: 13, label: 'In discussion' })).toBe('In Abklärung');
  });

  it('names every appointment state, and an unknown one by its code', async () => {
    await i18n.changeLanguage('it');
    expect(['P', 'W', '1', '2', '-1', '-2'].map(appointmentStateName)).toEqual([
      'Pianificato',
      'In sala d’attesa',
      'Arrivato',
      'Concluso',
      'Disdetto dal paziente',
      'Non presentato',
    ]);
    expect(appointmentStateName('X')).toBe('Stato X');
    await i18n.changeLanguage('fr');
    expect(appointmentStateName('-2')).toBe('Non présenté');
  });
});
