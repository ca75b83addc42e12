import type { NoteExportFormat } from '@notewise/shared/constants';

/**
 * GET /api/notes/:id/export?format=: the note as a file, downloaded with a progress toast. The
 * download code is export-import's and loads on first use (first-route budget).
 */
export async function exportNote(
  note: { id: string; title: string },
  format: NoteExportFormat,
): Promise<boolean> {
  const { downloadNoteExport } = await import('@/features/export-import/exports');
  return downloadNoteExport(
    note,
    format,
    `/api/notes/${encodeURIComponent(note.id)}/export?format=${format}`,
  );
}
