import { describe, expect, it } from 'vitest';
import { base64ToBlob, formatSize } from './attachments.ts';

describe('base64ToBlob', () => {
  it('turns the Base64 content back into the original bytes, with the MIME type', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80, 0x0a]);
    const base64 = btoa(String.fromCharCode(...bytes));
    const blob = base64ToBlob(base64, 'application/pdf');
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBe(bytes.length);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it('ignores line breaks in the Base64 text and falls back to a generic type', () => {
    const blob = base64ToBlob('SGVs\nbG8=', '');
    expect(blob.size).toBe(5);
    expect(blob.type).toBe('application/octet-stream');
  });
});

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [812, '812 B'],
    [1024, '1.0 kB'],
    [12_700, '12 kB'],
    [1536, '1.5 kB'],
    [3 * 1024 * 1024 + 200_000, '3.2 MB'],
    [250 * 1024 * 1024, '250 MB'],
  ])('%d bytes read %s', (bytes, text) => {
    // A no-break space keeps the unit with its number.
    expect(formatSize(bytes)).toBe(text.replace(' ', '\u00a0'));
  });
});
