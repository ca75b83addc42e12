import { escapeMarkdownText } from './markdown-links';

/*
 * A Notion database as its "Markdown & CSV" export writes it (`Tasks 0a1b...f.csv`, the rows' pages in
 * `Tasks 0a1b...f/Row title 2c3d...e.md`) -> a note holding the database as a Markdown table whose
 * first column links to each row's page (`[[Row title]]`, resolved by title like any wikilink, so a
 * row whose page is not in the upload keeps its text). Only inside a zip: a CSV alone is no note.
 */

/** RFC 4180 fields: commas and newlines inside double quotes, `""` for a quote. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\ufeff/, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

const cell = (text: string) => escapeMarkdownText(text).replace(/\r?\n/g, ' ').trim() || ' ';

/** The database as Markdown (a table, the first column linking to the row's page) and its row count. */
export function notionCsvToMarkdown(text: string): { markdown: string; rows: number } {
  const [header = [], ...rows] = parseCsv(text);
  if (header.length === 0) return { markdown: '', rows: 0 };
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const pad = (row: string[]) => Array.from({ length: width }, (_, index) => row[index] ?? '');
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const body = rows.map((row) =>
    line(
      pad(row).map((value, index) =>
        index === 0 && value.trim() ? `[[${value.trim().replace(/[[\]|#^]/g, ' ')}]]` : cell(value),
      ),
    ),
  );
  return {
    markdown: [line(pad(header).map(cell)), line(pad(header).map(() => '---')), ...body].join('\n'),
    rows: rows.length,
  };
}
