import { describe, expect, it } from 'vitest';
import { overdueTasksInput } from '#components/layout/overdue-badge.tsx';
import { addDays } from '#components/practice-clock.ts';
import {
  hasFilters,
  presetRange,
  readView,
  reminderState,
  sameList,
  toTasksInput,
  weekOf,
  withoutFilters,
  withPreset,
  writeView,
} from './url-state.ts';

const view = (query: string) => readView(new URLSearchParams(query));
// A Wednesday.
const today = '2026-03-18';
const ME = 1;

describe('the inbox view in the URL', () => {
  it('is "my open tasks by reminder, page 1" when nothing is said', () => {
    expect(view('')).toEqual({
      preset: 'mine',
      assignee: '',
      pipeline: '',
      priority: '',
      from: '',
      to: '',
      order: 'reminder',
      dir: 'asc',
      page: 1,
    });
  });

  it('ignores values it does not know', () => {
    const v = view(
      'preset=later&assignee=-3&pipeline=2&priority=7&from=2026-02-30&to=x&order=name&dir=up&page=0',
    );
    expect(v).toEqual(view(''));
  });

  it('reads every setting and writes it back, leaving defaults out', () => {
    const query =
      'preset=overdue&assignee=6&pipeline=0&priority=3&from=2026-01-01&to=2026-01-31&order=priority&dir=desc&page=3';
    expect(writeView(view(query)).toString()).toBe(query);
    expect(writeView(view('preset=mine&order=reminder&dir=asc&page=1')).toString()).toBe('');
  });

  it('orders completed tasks newest first by default', () => {
    expect(view('preset=completed')).toMatchObject({ order: 'created', dir: 'desc' });
    expect(writeView(view('preset=completed')).toString()).toBe('preset=completed');
  });

  it('another preset starts at page 1; "mine" and "all open" drop a chosen assignee', () => {
    const v = view('preset=overdue&assignee=6&page=4');
    expect(withPreset(v, 'today')).toMatchObject({ preset: 'today', assignee: '6', page: 1 });
    expect(withPreset(v, 'mine')).toMatchObject({ preset: 'mine', assignee: '' });
    expect(withPreset(v, 'open')).toMatchObject({ preset: 'open', assignee: '' });
  });

  it('another preset takes its own default order unless one was chosen', () => {
    expect(withPreset(view(''), 'completed')).toMatchObject({ order: 'created', dir: 'desc' });
    expect(withPreset(view('preset=completed'), 'today')).toMatchObject({ order: 'reminder', dir: 'asc' });
    expect(withPreset(view('order=priority&dir=desc'), 'completed')).toMatchObject({
      order: 'priority',
      dir: 'desc',
    });
  });

  it('knows when filters are set, and clears them', () => {
    expect(hasFilters(view('preset=week'))).toBe(false);
    expect(hasFilters(view('priority=0'))).toBe(true);
    // A reminder range means nothing to completed tasks.
    expect(hasFilters(view('preset=completed&from=2026-01-01'))).toBe(false);
    expect(withoutFilters(view('assignee=all&pipeline=1&priority=2&from=2026-01-01&page=2'))).toEqual(
      view(''),
    );
  });
});

describe('practice days', () => {
  it('adds days across months, years and the change to summer time', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('a week runs Monday to Sunday', () => {
    expect(weekOf('2026-03-18')).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(weekOf('2026-03-16')).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(weekOf('2026-03-22')).toEqual({ from: '2026-03-16', to: '2026-03-22' });
  });

  it('presets stand for reminder days relative to today', () => {
    expect(presetRange('overdue', today)).toEqual({ from: '', to: '2026-03-17' });
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('week', today)).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(presetRange('mine', today)).toEqual({ from: '', to: '' });
  });

  it('a reminder is overdue from the day after, highlighted on its day', () => {
    expect(reminderState('2026-03-17 23:59:00', today)).toBe('overdue');
    expect(reminderState('2026-03-18 00:00:00', today)).toBe('today');
    expect(reminderState('2026-03-19 08:00:00', today)).toBe('later');
    expect(reminderState(null, today)).toBe('none');
  });
});

describe('getTasks input of a view', () => {
  const input = (query: string) => toTasksInput(view(query), ME, today);

  it('my open tasks: mine, not completed, by reminder ascending, 25 a page', () => {
    expect(input('')).toEqual({
      filter: { completed: false, assignedTo: ME },
      offset: 0,
      limit: 25,
      orderBy: 'reminder',
      orderDir: 'asc',
    });
  });

  it('overdue is what the navigation counts', () => {
    expect(input('preset=overdue').filter).toEqual({
      completed: false,
      assignedTo: ME,
      reminderTo: '2026-03-17',
    });
    expect(input('preset=overdue').filter).toEqual(overdueTasksInput(ME, today).filter);
  });

  it('today, this week, all open and completed', () => {
    expect(input('preset=today').filter).toEqual({
      completed: false,
      assignedTo: ME,
      reminderFrom: today,
      reminderTo: today,
    });
    expect(input('preset=week').filter).toEqual({
      completed: false,
      assignedTo: ME,
      reminderFrom: '2026-03-16',
      reminderTo: '2026-03-22',
    });
    expect(input('preset=open').filter).toEqual({ completed: false });
    expect(input('preset=completed')).toMatchObject({
      filter: { completed: true, assignedTo: ME },
      orderBy: 'created',
      orderDir: 'desc',
    });
  });

  it('filters narrow the preset: assignee, pipeline, priority, reminder range', () => {
    expect(input('preset=open&assignee=6&pipeline=0&priority=0').filter).toEqual({
      completed: false,
      assignedTo: 6,
      ispatient: 0,
      priority: 0,
    });
    expect(input('assignee=all').filter).toEqual({ completed: false });
    // The preset's range and the chosen one overlap: the overlap is asked for.
    expect(input('preset=week&from=2026-03-10&to=2026-03-19').filter).toMatchObject({
      reminderFrom: '2026-03-16',
      reminderTo: '2026-03-19',
    });
    expect(input('preset=overdue&from=2026-03-01').filter).toMatchObject({
      reminderFrom: '2026-03-01',
      reminderTo: '2026-03-17',
    });
    // Completed tasks have no reminder: no range is sent.
    expect(input('preset=completed&from=2026-03-01').filter).toEqual({ completed: true, assignedTo: ME });
  });

  it('pages by 25 and orders as chosen', () => {
    expect(input('page=3&order=priority&dir=desc')).toMatchObject({
      offset: 50,
      limit: 25,
      orderBy: 'priority',
      orderDir: 'desc',
    });
  });

  it('tells another page of the same list from another list', () => {
    expect(sameList(input('page=2'), input('page=3'))).toBe(true);
    expect(sameList(input('page=2'), input('preset=today'))).toBe(false);
    expect(sameList(undefined, input(''))).toBe(false);
  });
});
