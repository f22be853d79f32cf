import { type CsvColumn, toCsv } from '#components/csv.ts';
import { toXlsx } from '#components/xlsx.ts';
import type { StatMetric } from '#contract/sales.ts';
import type { ChartPoint } from './components/stats-chart.tsx';

/**
 * The statistics' exports (docs/decisions/0027-exports-ready-for-excel.md, 0042-excel-workbooks-beside-the-csv.md):
 * the table beside the chart as CSV (the rules of every CSV of the app, components/csv.ts) and as an Excel workbook
 * (components/xlsx.ts), and the chart as a PNG picture.
 */

export interface StatsCsvHeaders {
  /** The grouping, as the table's first header (`Monat`). */
  group: string;
  /** The measure (`Anzahl`, `Umsatz (CHF)`). */
  value: string;
  /** `Anteil (%)`. */
  share: string;
  /** The last row's label (`Total`). */
  total: string;
}

interface Line {
  label: string;
  /** The group's day (`2026-11-23`) when the table is by day: the workbook writes it as an Excel date. */
  day: string | null;
  value: number;
  share: number | null;
}

/**
 * The rows and columns the table shows, in its order, and its total row: the group's label as text, the value as
 * a number (money with two decimals), the share in percent with one decimal as the screen rounds it.
 */
function statsTable(
  points: readonly ChartPoint[],
  metric: StatMetric,
  headers: StatsCsvHeaders,
  byDay: boolean,
): { columns: CsvColumn<Line>[]; lines: Line[] } {
  const total = points.reduce((n, p) => n + p.value, 0);
  const lines: Line[] = points.map((p) => ({
    label: p.label,
    day: byDay ? p.key : null,
    value: p.value,
    share: total !== 0 ? Math.round((p.value / total) * 1000) / 10 : null,
  }));
  lines.push({ label: headers.total, day: null, value: total, share: null });
  const money = metric !== 'count';
  const columns: CsvColumn<Line>[] = [
    // By day, the day as a date (the total row's label stays text); else the label as on screen.
    byDay
      ? { header: headers.group, kind: 'date', value: (l) => l.day ?? l.label }
      : { header: headers.group, kind: 'text', value: (l) => l.label },
    {
      header: headers.value,
      kind: money ? 'amount' : 'number',
      value: (l) => (money ? l.value : Math.round(l.value)),
    },
    { header: headers.share, kind: 'number', value: (l) => l.share },
  ];
  return { columns, lines };
}

export function statsCsv(
  points: readonly ChartPoint[],
  metric: StatMetric,
  headers: StatsCsvHeaders,
): string {
  // The CSV writes the label as the screen shows it: a day as `23.11.2026` is what Excel reads as a date there.
  const { columns, lines } = statsTable(points, metric, headers, false);
  return toCsv(columns, lines);
}

/** The same table as an Excel workbook, under the chart's title and the filters (`lines`). */
export function statsXlsx(
  points: readonly ChartPoint[],
  metric: StatMetric,
  headers: StatsCsvHeaders,
  sheet: { name: string; lines: string[]; byDay: boolean },
): Promise<ArrayBuffer> {
  const { columns, lines } = statsTable(points, metric, headers, sheet.byDay);
  return toXlsx({ name: sheet.name, lines: sheet.lines, columns, rows: lines });
}

// What a picture of the chart needs of each element's computed style (Mantine's charts colour through CSS
// variables, which an SVG drawn as an image does not have).
const drawnStyles = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

/** A copy of the SVG that draws the same without the page's stylesheets. */
function standalone(svg: SVGSVGElement, width: number, height: number): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const target = to[i] as SVGElement | undefined;
    if (!target?.style) return;
    const css = getComputedStyle(el);
    for (const name of drawnStyles) target.style.setProperty(name, css.getPropertyValue(name));
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  return new XMLSerializer().serializeToString(copy);
}

/**
 * The chart as a PNG: its SVG with the computed colours and fonts drawn onto a canvas at twice the size (sharp when
 * printed or zoomed), on the page's background, with the chart's title above it.
 */
export async function chartPng(svg: SVGSVGElement, title: string): Promise<Blob> {
  const box = svg.getBoundingClientRect();
  const width = Math.ceil(box.width);
  const height = Math.ceil(box.height);
  const page = getComputedStyle(document.body);
  const url = URL.createObjectURL(
    new Blob([standalone(svg, width, height)], { type: 'image/svg+xml;charset=utf-8' }),
  );
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = 2;
    const head = 40;
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = (height + head) * scale;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No canvas.');
    ctx.scale(scale, scale);
    ctx.fillStyle = page.backgroundColor || '#fff';
    ctx.fillRect(0, 0, width, height + head);
    ctx.fillStyle = page.color || '#000';
    ctx.font = `600 16px ${page.fontFamily}`;
    ctx.textBaseline = 'middle';
    ctx.fillText(title, 8, head / 2, width - 16);
    ctx.drawImage(image, 0, head, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('No picture.'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
