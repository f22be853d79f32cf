import { describe, expect, it } from 'vitest';
import { bulkMoveTargets, dropAction, moveTargets, pipelineFolders } from './rules.ts';
import { makeLead, testFolders } from './test-data.ts';

const folder = (id: number) => {
  const f = testFolders.find((x) => x.folderId === id);
  if (!f) throw new Error(`no folder ${id}`);
  return f;
};
const ids = (fs: { folderId: number }[]) => fs.map((f) => f.folderId);

describe('folder rules', () => {
  it('a board shows only its own pipeline: 1-5 and custom patient folders, or 11-15 and custom contact folders', () => {
    expect(ids(pipelineFolders(testFolders, 1))).toEqual([1, 2, 3, 100, 4, 5]);
    expect(ids(pipelineFolders(testFolders, 0))).toEqual([11, 12, 13, 101, 14, 15]);
  });

  it('never offers a standard folder of the other pipeline, even when the folder list claims so', () => {
    const wrong = [...testFolders, { folderId: 12, label: 'Odd', ispatient: 1 as const, custom: false }];
    expect(ids(pipelineFolders(wrong, 1))).not.toContain(12);
  });

  it('dropping into 5/15 opens the disqualify dialog; setLeadFolder is never used for them', () => {
    expect(dropAction(makeLead(1, { folderId: 2 }), folder(5))).toBe('disqualify');
    expect(dropAction(makeLead(1, { ispatient: 0, folderId: 11 }), folder(15))).toBe('disqualify');
  });

  it('dropping into 4/14 opens the convert dialog, unless the lead is converted already', () => {
    expect(dropAction(makeLead(1, { folderId: 3 }), folder(4))).toBe('convert');
    expect(dropAction(makeLead(1, { ispatient: 0, folderId: 13 }), folder(14))).toBe('convert');
    expect(dropAction(makeLead(1, { folderId: 3, conversionDate: '2026-11-01', patid: 7 }), folder(4))).toBe(
      'move',
    );
  });

  it('plain and custom folders are a move; the same folder is nothing', () => {
    expect(dropAction(makeLead(1, { folderId: 1 }), folder(2))).toBe('move');
    expect(dropAction(makeLead(1, { folderId: 1 }), folder(100))).toBe('move');
    expect(dropAction(makeLead(1, { folderId: 2 }), folder(2))).toBe('none');
  });

  it('refuses the other pipeline and deleted leads', () => {
    expect(dropAction(makeLead(1, { folderId: 1 }), folder(12))).toBe('refuse');
    expect(dropAction(makeLead(1, { ispatient: 0, folderId: 11 }), folder(101 - 1))).toBe('refuse');
    expect(dropAction(makeLead(1, { folderId: 1, deleted: true }), folder(2))).toBe('refuse');
  });

  it('"Move to…" offers the pipeline without the current folder, and nothing for a deleted lead', () => {
    expect(ids(moveTargets(makeLead(1, { folderId: 2 }), testFolders))).toEqual([1, 3, 100, 4, 5]);
    expect(ids(moveTargets(makeLead(1, { ispatient: 0, folderId: 11 }), testFolders))).toEqual([
      12, 13, 101, 14, 15,
    ]);
    expect(moveTargets(makeLead(1, { deleted: true }), testFolders)).toEqual([]);
  });

  it('the bulk move never offers 5/15', () => {
    expect(ids(bulkMoveTargets(testFolders, 1))).toEqual([1, 2, 3, 100, 4]);
    expect(ids(bulkMoveTargets(testFolders, 0))).toEqual([11, 12, 13, 101, 14]);
  });
});
