/**
 * Numbers as a Swiss practice writes them, in all four languages (docs/decisions/0028-one-date-field-one-number-format.md):
 * the plain apostrophe (U+0027) between thousands and the point before decimals: `1'554`, `100'000`, `19.6`,
 * `-1'234.5`. Also in French, where CLDR's fr-CH has a narrow no-break space: the practice's documents, its
 * amounts (formatChf) and the other three languages all use the apostrophe, and one way to read a number is
 * worth more than following one language's book style. Written from en-US digits rather than each locale's
 * Intl output, which differs between ICU versions (U+2019 or U+0027 in de-CH, it-CH not grouping 4 digits).
 * `decimals`: at most that many after the point (default 2; trailing zeros dropped unless `fixed`).
 */
export function formatNumber(
  value: number | null | undefined,
  { decimals = 2, fixed = false }: { decimals?: number; fixed?: boolean } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const key = `${decimals}|${fixed}`;
  let nf = numberFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: fixed ? decimals : 0,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, nf);
  }
  // en-US writes `1,234.5` and `-1,234.5` (hyphen-minus); `-0` is `0`.
  return nf
    .format(value === 0 ? 0 : value)
    .replace(/,/g, "'")
    .replace(/^-(0(?:\.0+)?)$/, '$1');
}
const numberFormats = new Map<string, Intl.NumberFormat>();
