/**
 * CSV for downloads opened in spreadsheets (RFC 4180, CRLF, UTF-8 with BOM so Excel reads umlauts). A
 * cell starting with = + - @ (or a tab/CR) is prefixed with an apostrophe, so no cell runs as a formula.
 */
export function csvOf(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
