import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '#i18n/index.ts';
import { formatValue, groupLabel } from './labels.ts';
import { readStatsView, statFilterOf, writeStatsView } from './url-state.ts';

describe('statistics filters in the URL', () => {
  it('groups by folder and counts by default, with an empty filter', () => {
    const view = readStatsView(new URLSearchParams());
    expect(view).toMatchObject({ groupBy: 'folder', metric: 'count', pipeline: '', assignee: '' });
    expect(statFilterOf(view)).toEqual({});
    expect(writeStatsView(view).toString()).toBe('');
  });

  it('round-trips every setting and builds the getLeadStats filter from it', () => {
    const params = new URLSearchParams(
      'groupBy=week&metric=revenue&pipeline=1&assignee=0&folder=3&from=2026-01-01&to=2026-06-30',
    );
    const view = readStatsView(params);
    expect(writeStatsView(view).toString()).toBe(params.toString());
    expect(statFilterOf(view)).toEqual({
      ispatient: 1,
      assignee: 0,
      folderId: 3,
      from: '2026-01-01',
      to: '2026-06-30',
    });
  });

  it('ignores what it does not know', () => {
    const view = readStatsView(
      new URLSearchParams('groupBy=zip&metric=profit&pipeline=2&assignee=x&folder=0&from=2026-13-01'),
    );
    expect(view).toMatchObject({
      groupBy: 'folder',
      metric: 'count',
      pipeline: '',
      assignee: '',
      folder: '',
      from: '',
    });
  });
});

describe('labels of groups', () => {
  const t = i18n.getFixedT('en', 'stats') as TFunction<'stats'>;
  it('names unassigned leads, weeks, months and days', () => {
    expect(groupLabel('assignee', { key: '0', label: '', value: 1 }, t, 'en')).toBe('Unassigned');
    expect(groupLabel('assignee', { key: '6', label: 'Nina Weber', value: 1 }, t, 'en')).toBe('Nina Weber');
    expect(groupLabel('week', { key: '2026-W07', label: '2026-W07', value: 1 }, t, 'en')).toBe(
      'Week 7, 2026',
    );
    expect(groupLabel('month', { key: '2026-11', label: '2026-11', value: 1 }, t, 'en')).toBe('Nov 2026');
    expect(groupLabel('day', { key: '2026-11-21', label: '2026-11-21', value: 1 }, t, 'en')).toBe(
      '21.11.2026',
    );
    expect(groupLabel('nextStep', { key: '', label: '', value: 1 }, t, 'en')).toBe('(none)');
  });

  it('shows money as CHF and counts as whole numbers', () => {
    expect(formatValue('revenue', 12500)).toBe("CHF 12'500.00");
    expect(formatValue('count', 1234)).toBe("1'234");
  });
});
