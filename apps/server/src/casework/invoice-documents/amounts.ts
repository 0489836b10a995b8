/** Whole øre as kroner with two decimals: 123456 → '1234.56', -5 → '-0.05' (the separator is the caller's). */
export function kronerText(ore: number, decimalSeparator: '.' | ',' = '.'): string {
  if (!Number.isSafeInteger(ore)) throw new Error(`kronerText: whole øre expected, got ${ore}`);
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}${decimalSeparator}${String(abs % 100).padStart(2, '0')}`;
}

/** A quantity in hundredths (1.5 → 150), rounded half away from zero: the two decimals the document carries. */
export function hundredths(quantity: number): number {
  return Math.sign(quantity) * Math.round(Math.abs(quantity) * 100);
}

/** Hundredths as a decimal without trailing zeros: 150 → '1.5', 200 → '2', -33 → '-0.33'. */
export function hundredthsText(value: number, decimalSeparator: '.' | ',' = '.'): string {
  const text = kronerText(value).replace(/\.?0+$/, '') || '0';
  return decimalSeparator === '.' ? text : text.replace('.', ',');
}

/** The first and last day of a 'YYYY-MM' month. */
export function monthBounds(period: string): { first: string; last: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${period}-01`, last: `${period}-${String(lastDay).padStart(2, '0')}` };
}
