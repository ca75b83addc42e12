// A Markdown table as summary units: one per row, and which rows record a decision.

/** A column whose cells say what was decided ('Decision', 'Outcome', 'Resolution', 'Consensus'...). */
const DECISION_COLUMN =
  /^(?:\*\*)?(?:decisions?|decided|outcomes?|resolutions?|results?|conclusions?|consensus|verdict|agreed|agreement)(?:\*\*)?$/i;
/** A 'Status' column records a decision when a cell says one was taken. */
const STATUS_COLUMN = /^(?:\*\*)?status(?:\*\*)?$/i;
const DECIDED_STATUS =
  /\b(?:accepted|approved|rejected|declined|merged|agreed|decided|adopted|postponed|deferred|closed|won't fix|wontfix)\b/i;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

const isSeparator = (row: string[]) => row.length > 0 && row.every((cell) => /^:?-{1,}:?$/.test(cell));

export interface TableRow {
  /** The row as one line: its first cell, then the others ('Topic: detail; Decision: what was decided'). */
  text: string;
  decision: boolean;
}

/**
 * The rows of a table with their cells in order. A cell under a decision column keeps its
 * header as a label, so the line says what it is; other headers are left out.
 */
export function tableRows(lines: string[]): TableRow[] {
  const rows = lines.map(cells);
  const hasHeader = rows.length > 1 && isSeparator(rows[1] ?? []);
  const header = hasHeader ? (rows[0] ?? []) : [];
  const body = hasHeader ? rows.slice(2) : rows.filter((row) => !isSeparator(row));
  const result: TableRow[] = [];
  for (const row of body) {
    let decision = false;
    const parts: string[] = [];
    row.forEach((cell, column) => {
      if (!/[\p{L}\p{N}]/u.test(cell)) return;
      const name = header[column]?.trim() ?? '';
      const decides = DECISION_COLUMN.test(name) || (STATUS_COLUMN.test(name) && DECIDED_STATUS.test(cell));
      if (decides) decision = true;
      parts.push(decides && column > 0 ? `${name.replace(/\*/g, '')}: ${cell}` : cell);
    });
    const [first, ...rest] = parts;
    if (first === undefined) continue;
    result.push({ text: rest.length > 0 ? `${first}: ${rest.join('; ')}` : first, decision });
  }
  return result;
}
