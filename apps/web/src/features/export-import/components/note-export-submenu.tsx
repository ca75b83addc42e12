import { Download } from 'lucide-react';
import {
  DropdownMenuItem,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '@/components/ui/dropdown-menu';

/** Menu words per format. */
export const EXPORT_CHOICES = [
  ['md', 'Markdown'],
  ['txt', 'Plain text'],
  ['pdf', 'PDF'],
  ['docx', 'Word'],
] as const;

export type NoteExportChoice = (typeof EXPORT_CHOICES)[number][0];

/**
 * "Export" with Markdown, Plain text, PDF and Word, inside a note's actions menu. The host starts
 * the download (`onExport`): the notes feature is the one client of the notes endpoints.
 */
export function NoteExportSubmenu({ onExport }: { onExport: (format: NoteExportChoice) => void }) {
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <Download size={16} aria-hidden="true" />
        Export
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        {EXPORT_CHOICES.map(([format, label]) => (
          <DropdownMenuItem key={format} onSelect={() => onExport(format)}>
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
