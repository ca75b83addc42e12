import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EXPORT_CHOICES, type NoteExportChoice } from './note-export-submenu';

/**
 * The editor toolbar's Export button. Exports the saved note: with unsaved changes the caller saves
 * first (`beforeExport`), then starts the download (`onExport`).
 */
export function NoteExportMenu({
  onExport,
  beforeExport,
}: {
  onExport: (format: NoteExportChoice) => void;
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
              void (beforeExport?.() ?? Promise.resolve()).then(() => onExport(format));
            }}
          >
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
