/**
 * Characters that make a spreadsheet read a cell as a formula (or, tab and carriage return,
 * that some of them strip before checking), with their full-width forms (＝ ＋ － ＠), which
 * some spreadsheets fold into the ASCII ones: such a cell is prefixed with an apostrophe, which
 * spreadsheets show as text, so an exported name or reason never runs as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One cell: neutralised against formulas, and quoted (quotes doubled) when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 has it. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
