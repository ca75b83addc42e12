import { Download } from 'lucide-react';
import {
  DropdownMenuItem,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '@/components/ui/dropdown-menu';

/** Menu words per format; the download code loads on first use (first-route budget). */
export const EXPORT_CHOICES = [
  ['md', 'Markdown'],
  ['txt', 'Plain text'],
  ['pdf', 'PDF'],
  ['docx', 'Word'],
] as const;

export function startNoteExport(
  note: { id: string; title: string },
  format: (typeof EXPORT_CHOICES)[number][0],
) {
  void import('../exports').then((module) => module.exportNote(note, format));
}

/** "Export" with Markdown, Plain text, PDF and Word, inside a note's actions menu. */
export function NoteExportSubmenu({ note }: { note: { id: string; title: string } }) {
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <Download size={16} aria-hidden="true" />
        Export
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        {EXPORT_CHOICES.map(([format, label]) => (
          <DropdownMenuItem key={format} onSelect={() => startNoteExport(note, format)}>
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
