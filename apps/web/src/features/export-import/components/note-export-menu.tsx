import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EXPORT_CHOICES, startNoteExport } from './note-export-submenu';

/**
 * The editor toolbar's Export button. Exports the saved note: with unsaved changes the caller saves
 * first (`beforeExport`).
 */
export function NoteExportMenu({
  note,
  beforeExport,
}: {
  note: { id: string; title: string };
  beforeExport?: () => Promise<unknown>;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label="Export note" title="Export note">
          <Download size={14} aria-hidden="true" />
          <span className="max-sm:hidden">Export</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {EXPORT_CHOICES.map(([format, label]) => (
          <DropdownMenuItem
            key={format}
            onSelect={() => {
              void (beforeExport?.() ?? Promise.resolve()).then(() => startNoteExport(note, format));
            }}
          >
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
