import { describe, expect, it } from 'vitest';
import { laborLimits } from '#contract/labor.ts';
import {
  base64Length,
  baseName,
  checkLaborFile,
  formatFileSize,
  laborKind,
  MAX_FILE_BYTES,
} from './checks.ts';

describe('checks before a lab file is sent', () => {
  it('accepts .hl7 and .pdf in any letter case', () => {
    expect(checkLaborFile({ name: 'befund.hl7', size: 10 })).toEqual([]);
    expect(checkLaborFile({ name: 'BEFUND.PDF', size: 10 })).toEqual([]);
    expect(laborKind('x.Hl7')).toBe('hl7');
    expect(laborKind('x.pdf')).toBe('pdf');
  });

  it('stops other extensions, names over 255 characters and empty files', () => {
    expect(checkLaborFile({ name: 'befund.txt', size: 10 })).toEqual(['extension']);
    expect(checkLaborFile({ name: 'befund.hl7.zip', size: 10 })).toEqual(['extension']);
    expect(laborKind('befund.docx')).toBeNull();
    const long = `${'a'.repeat(252)}.hl7`;
    expect(long).toHaveLength(256);
    expect(checkLaborFile({ name: long, size: 10 })).toEqual(['nameTooLong']);
    expect(checkLaborFile({ name: `${'a'.repeat(251)}.hl7`, size: 10 })).toEqual([]);
    expect(checkLaborFile({ name: 'leer.pdf', size: 0 })).toEqual(['empty']);
  });

  it('measures the size as the Base64 text the service counts: 4 * ceil(size / 3)', () => {
    expect(base64Length(1)).toBe(4);
    expect(base64Length(3)).toBe(4);
    expect(base64Length(4)).toBe(8);
    expect(base64Length(MAX_FILE_BYTES)).toBe(laborLimits.contentLength);
    expect(checkLaborFile({ name: 'gross.pdf', size: MAX_FILE_BYTES })).toEqual([]);
    expect(checkLaborFile({ name: 'gross.pdf', size: MAX_FILE_BYTES + 1 })).toEqual(['tooLarge']);
    // 25 MB of bytes are well over 25 MB of Base64.
    expect(checkLaborFile({ name: 'gross.pdf', size: 25 * 1024 * 1024 })).toEqual(['tooLarge']);
  });

  it('names every problem of a file at once', () => {
    expect(checkLaborFile({ name: `${'b'.repeat(300)}.exe`, size: 30 * 1024 * 1024 })).toEqual([
      'extension',
      'nameTooLong',
      'tooLarge',
    ]);
  });

  it('pairs by the name without its extension', () => {
    expect(baseName('4711.hl7')).toBe('4711');
    expect(baseName('4711.befund.PDF')).toBe('4711.befund');
  });

  it('shows sizes in decimal units', () => {
    expect(formatFileSize(12)).toBe('12 B');
    expect(formatFileSize(830_000)).toBe('830 KB');
    expect(formatFileSize(1_234_567)).toBe('1.2 MB');
  });
});
