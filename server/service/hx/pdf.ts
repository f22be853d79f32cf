/**
 * A small valid one-page PDF with a few lines of text (Helvetica, WinAnsi), for the demo data and tests:
 * real viewers open it, and each text gives its own md5.
 */
function pdfString(s: string): string {
  // WinAnsi covers the Latin-1 letters of the demo (ä, ö, ü, é, è, …); anything else becomes "?".
  const latin1 = [...s].map((ch) => (ch.charCodeAt(0) <= 0xff ? ch : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function makePdf(lines: readonly string[]): Uint8Array {
  const text = lines.map((l, i) => `${i === 0 ? '' : 'T* '}${pdfString(l)} Tj`).join('\n');
  const stream = `BT\n/F1 11 Tf\n14 TL\n56 780 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
