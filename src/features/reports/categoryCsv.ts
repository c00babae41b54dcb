import type { CategoryReportData } from './reportsApi';

/** One CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
function field(value: string) {
  const s = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Rupees as the exports write them: two decimals, no grouping, no symbol. */
const amount = (rupees: number) => rupees.toFixed(2);

const line = (fields: string[]) => `${fields.map(field).join(',')}\r\n`;

/**
 * The report as CSV, as the server's exports write theirs: a byte-order mark (Excel reads
 * UTF-8 then), a header, a line per category, and the total.
 */
export function categoryReportCsv(report: CategoryReportData): string {
  return (
    '\uFEFF' +
    line(['Category', 'Expenses', 'Amount', 'From', 'To']) +
    report.data
      .map((c) => line([c.category, String(c.count), amount(c.amount), report.from, report.to]))
      .join('') +
    line(['Total', String(report.count), amount(report.totalAmount), report.from, report.to])
  );
}
