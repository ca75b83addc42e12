import { IMPORT_REPORT } from '@notewise/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportNoteReport } from './import-note-report';

afterEach(cleanup);

describe('ImportNoteReport', () => {
  it('says what arrived, what was approximated and what was not imported, with the reasons', () => {
    render(
      <ImportNoteReport
        note={{
          noteId: 'n1',
          title: 'Budget',
          source: 'Budget.docx',
          converted: [
            { what: 'tables', count: 2 },
            { what: 'links', count: 3 },
          ],
          approximated: [{ what: 'merged table cells', count: 1, reason: IMPORT_REPORT.mergedCells }],
          dropped: [{ what: 'comments', count: 4, reason: IMPORT_REPORT.comments }],
          imagesImported: 1,
        }}
      />,
    );
    expect(screen.getByText('Kept: 2 tables, 3 links, 1 image.')).toBeTruthy();
    const approximated = screen.getByRole('list', { name: 'Approximated in Budget' });
    expect(
      within(approximated).getByText(`Approximated 1 merged table cells: ${IMPORT_REPORT.mergedCells}`),
    ).toBeTruthy();
    const dropped = screen.getByRole('list', { name: 'Not imported from Budget' });
    expect(within(dropped).getByText(`Not imported: 4 comments. ${IMPORT_REPORT.comments}`)).toBeTruthy();
  });

  it('names which links, images or embeds it means, the first few', () => {
    render(
      <ImportNoteReport
        note={{
          noteId: 'n2',
          title: 'Meeting',
          source: 'Meeting.md',
          approximated: [
            {
              what: 'unresolved links',
              count: 12,
              reason: IMPORT_REPORT.unresolvedLinks,
              names: ['Emergence', 'Japan'],
            },
          ],
        }}
      />,
    );
    const approximated = screen.getByRole('list', { name: 'Approximated in Meeting' });
    expect(approximated.textContent).toBe(
      `Approximated 12 unresolved links: ${IMPORT_REPORT.unresolvedLinks} (Emergence, Japan, ...)`,
    );
  });

  it('shows nothing for a file the importer sent no report for', () => {
    const { container } = render(<ImportNoteReport note={{ noteId: 'n', title: 'x', source: 'x.md' }} />);
    expect(container.textContent).toBe('');
  });
});
