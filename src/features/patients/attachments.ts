import type { AttachmentFile } from '#contract/hx.ts';

/** Base64 (getAttachment's content) -> Blob of the given type. */
export function base64ToBlob(base64: string, mime: string): Blob {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime || 'application/octet-stream' });
}

/** `812 B`, `12.4 kB`, `3.2 MB` (1 kB = 1024 bytes; `Mo` in French): the shared number format. */
export { formatFileSize as formatSize } from '#components/format.ts';

/** How long an object URL lives: long enough for a new tab or a download to read it. */
const URL_LIFETIME_MS = 60_000;

/**
 * Shows or saves a fetched attachment. `target` is a window opened beforehand (in the click, so that no popup
 * blocker stops it); without one, the file is downloaded.
 */
export function deliverAttachment(file: AttachmentFile, target: Window | null): void {
  const url = URL.createObjectURL(base64ToBlob(file.content, file.mime));
  if (target) {
    target.location.href = url;
  } else {
    const a = document.createElement('a');
    a.href = url;
    a.download = file.file;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  }
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}
