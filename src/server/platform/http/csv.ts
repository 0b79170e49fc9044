/* CSV for the administrators' exports (orders, tickets, the launch list): spreadsheet-safe cells. */

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage
 * return before one) gets a leading apostrophe (OWASP "CSV injection"); quotes are doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line: the cells, each made safe, with the CRLF the format asks for. */
export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;
