/**
 * A file's content as Base64 (what laborUpload's `content` wants). FileReader reads natively and reports
 * progress, which matters for files of several megabytes.
 */
export function readAsBase64(file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.onabort = () => reject(new Error('Reading the file was cancelled.'));
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      // data:<type>;base64,<content>
      const comma = url.indexOf(',');
      onProgress?.(1);
      resolve(comma >= 0 ? url.slice(comma + 1) : '');
    };
    reader.readAsDataURL(file);
  });
}
