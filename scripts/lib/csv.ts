/**
 * CSV as RFC 4180 has it: comma-separated, CRLF line ends, a field quoted when it holds a comma, a
 * quote or a line break, quotes doubled inside. A text field starting with = + - @ (or a tab or CR)
 * gets a leading apostrophe, so a spreadsheet shows it as text instead of running it as a formula
 * (readers write these messages, and the newsroom opens the export in a spreadsheet).
 */
export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
