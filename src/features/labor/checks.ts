import { formatNumber } from '#components/format.ts';
import { isLaborFile, laborLimits } from '#contract/labor.ts';

/**
 * What the document limits for laborUpload, checked before a file is read or sent (docs/api.md#limits):
 * the extension (.hl7 or .pdf), the name (at most 255 characters) and the Base64 size (at most 25 MB).
 */
export type FileProblem = 'extension' | 'nameTooLong' | 'tooLarge' | 'empty';

/** Characters of the Base64 text of `size` bytes: 4 for every started group of 3 bytes. */
export function base64Length(size: number): number {
  return 4 * Math.ceil(size / 3);
}

/** The largest file (in bytes) whose Base64 text stays within the limit. */
export const MAX_FILE_BYTES = Math.floor(laborLimits.contentLength / 4) * 3;

export type LaborKind = 'hl7' | 'pdf';

/** `hl7` or `pdf` by the extension (any case), null for anything else. */
export function laborKind(filename: string): LaborKind | null {
  if (!isLaborFile(filename)) return null;
  return filename.trim().toLowerCase().endsWith('.hl7') ? 'hl7' : 'pdf';
}

/** The name without its last extension: what pairs an HL7 message with its PDF. */
export function baseName(filename: string): string {
  const name = filename.trim();
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Every reason the service would refuse the file before looking at its content; [] when it may be sent. */
export function checkLaborFile(file: { name: string; size: number }): FileProblem[] {
  const problems: FileProblem[] = [];
  if (!isLaborFile(file.name)) problems.push('extension');
  // The contract counts the name as sent (zod's max counts UTF-16 code units, as String.length does).
  if (file.name.length > laborLimits.filenameLength) problems.push('nameTooLong');
  if (file.size === 0) problems.push('empty');
  else if (base64Length(file.size) > laborLimits.contentLength) problems.push('tooLarge');
  return problems;
}

/** `1.2 MB`, `830 KB`, `12 B` (decimal units, as file managers show them). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${formatNumber(bytes)} B`;
  if (bytes < 1_000_000) return `${formatNumber(Math.round(bytes / 1000))} KB`;
  return `${formatNumber(bytes / 1_000_000, { decimals: 1, fixed: true })} MB`;
}
