/** What the Word conversion (docx-to-doc.ts) met: kept, approximated and dropped, for the import summary. */
export interface DocxCounts {
  headings: number;
  listItems: number;
  tasks: number;
  tables: number;
  tableRows: number;
  codeBlocks: number;
  links: number;
  images: number;
  footnotes: number;
  /** Approximations. */
  mergedCells: number;
  blocksInCells: number;
  superSubscripts: number;
  /** Dropped: links to places inside the Word file (bookmarks do not exist in a note). */
  internalLinks: number;
  unsafeLinks: number;
}

export const emptyCounts = (): DocxCounts => ({
  headings: 0,
  listItems: 0,
  tasks: 0,
  tables: 0,
  tableRows: 0,
  codeBlocks: 0,
  links: 0,
  images: 0,
  footnotes: 0,
  mergedCells: 0,
  blocksInCells: 0,
  superSubscripts: 0,
  internalLinks: 0,
  unsafeLinks: 0,
});
