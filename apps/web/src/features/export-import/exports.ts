import type { NoteExportFormat } from '@notewise/shared/constants';
import { downloadFile } from './lib/download-file';

/** The formats of one note (NOTE_EXPORT_FORMATS), with the menu's words. */
export const NOTE_EXPORTS = [
  { format: 'md', label: 'Markdown', extension: 'md' },
  { format: 'txt', label: 'Plain text', extension: 'txt' },
  { format: 'pdf', label: 'PDF', extension: 'pdf' },
  { format: 'docx', label: 'Word', extension: 'docx' },
] as const satisfies readonly { format: NoteExportFormat; label: string; extension: string }[];

/** Downloads one note's export from `url`, which the notes feature's api/ gives (it owns those endpoints). */
export function downloadNoteExport(
  note: { id: string; title: string },
  format: NoteExportFormat,
  url: string,
) {
  const choice = NOTE_EXPORTS.find((entry) => entry.format === format) ?? NOTE_EXPORTS[0];
  return downloadFile(url, {
    label: `Exporting "${note.title}" as ${choice.label}`,
    fallbackName: `note.${choice.extension}`,
  });
}

/** A project's notes as our Markdown zip, or (`obsidian`) as an Obsidian vault. */
export function exportProject(
  project: { id: string; name: string },
  format: 'markdown' | 'obsidian' = 'markdown',
) {
  const vault = format === 'obsidian';
  return downloadFile(
    `/api/projects/${encodeURIComponent(project.id)}/export${vault ? '?format=obsidian' : ''}`,
    {
      label: `Exporting "${project.name}"${vault ? ' as an Obsidian vault' : ''}`,
      fallbackName: vault ? 'project-vault.zip' : 'project.zip',
    },
  );
}

export function exportAccount() {
  return downloadFile('/api/export', { label: 'Exporting all notes', fallbackName: 'notewise-export.zip' });
}

/** Every note as an Obsidian vault: tags in front matter, [[wikilinks]], pictures in attachments/. */
export function exportAccountVault() {
  return downloadFile('/api/export?format=obsidian', {
    label: 'Exporting all notes as an Obsidian vault',
    fallbackName: 'notewise-vault.zip',
  });
}
