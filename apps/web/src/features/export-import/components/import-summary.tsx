import type { ImportResult } from '@notewise/shared';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ImportNoteReport } from './import-note-report';

const SHOWN = 50;

interface ImportSummaryProps {
  result: ImportResult;
  /** A project's name from its id ("the project" when not known). */
  projectName: (id: string) => string;
  onMore: () => void;
  onDone: () => void;
}

/**
 * What an import brought in (per note: converted, approximated, dropped), what the upload as a whole
 * did not bring back (sharing), and what it skipped.
 */
export function ImportSummary({ result, projectName, onMore, onDone }: ImportSummaryProps) {
  // With one project per folder, notes may have gone into projects made by this import.
  const others = new Set(result.imported.flatMap((note) => (note.projectId ? [note.projectId] : [])));
  const chosenToo = result.imported.some((note) => !note.projectId);
  const count = others.size + (chosenToo ? 1 : 0);
  const into =
    others.size === 0 ? projectName(result.projectId) : `${count} project${count === 1 ? '' : 's'}`;
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm">
        {result.imported.length === 0
          ? 'Nothing was imported.'
          : `Imported ${result.imported.length} note${result.imported.length === 1 ? '' : 's'} into ${into}.`}
      </p>
      {result.notices && result.notices.length > 0 && (
        <ul aria-label="Not restored" className="space-y-1 text-sm">
          {result.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      {result.imported.length > 0 && (
        <ul aria-label="Imported notes" className="max-h-40 space-y-1 overflow-y-auto text-sm">
          {result.imported.slice(0, SHOWN).map((note) => (
            <li key={note.noteId}>
              <p className="truncate">
                {note.title} <span className="text-muted">({note.source})</span>
              </p>
              <ImportNoteReport note={note} />
            </li>
          ))}
          {result.imported.length > SHOWN && (
            <li className="text-muted">and {result.imported.length - SHOWN} more</li>
          )}
        </ul>
      )}
      {result.skipped.length > 0 && (
        <div>
          <h3 className="text-[13px] font-medium">Skipped ({result.skipped.length})</h3>
          <ul aria-label="Skipped files" className="mt-1 max-h-40 space-y-1 overflow-y-auto text-sm">
            {result.skipped.slice(0, SHOWN).map((skip) => (
              <li key={`${skip.name}\n${skip.reason}`}>
                <span className="break-all">{skip.name}</span>:{' '}
                <span className="text-muted">{skip.reason}</span>
              </li>
            ))}
            {result.skipped.length > SHOWN && (
              <li className="text-muted">and {result.skipped.length - SHOWN} more</li>
            )}
          </ul>
        </div>
      )}
      <DialogActions
        secondary={{ label: 'Import more', onClick: onMore }}
        primary={{ label: 'Done', onClick: onDone }}
      />
    </div>
  );
}
