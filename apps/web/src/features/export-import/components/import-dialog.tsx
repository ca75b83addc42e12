import type { ImportLayout } from '@notewise/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { errorMessage } from '@/lib/api';
import { useProjects } from '@/lib/project-queries';
import { useImportNotes } from '../api/import-notes';
import { ImportNoteReport } from './import-note-report';

const ACCEPT = '.md,.markdown,.txt,.docx,.enex,.zip,text/markdown,text/plain,application/zip';
const SHOWN = 50;

interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultProjectId?: string;
}

/** Import .md, .txt, .docx or a Markdown .zip into a project; then what was imported and skipped. */
export default function ImportDialog({ open, onOpenChange, defaultProjectId }: ImportDialogProps) {
  const projects = useProjects('all', { enabled: open });
  const [projectId, setProjectId] = useState(defaultProjectId ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState(0);
  const [layout, setLayout] = useState<ImportLayout>('chosen');
  const importNotes = useImportNotes();
  const projectFieldId = useId();
  const fileFieldId = useId();
  const errorId = useId();
  const { state } = importNotes;
  const result = state.status === 'success' ? state.result : null;
  const pending = state.status === 'pending';
  const failure = state.status === 'error' ? state.error : null;
  const chosenProject = projectId || projects.data?.[0]?.id || '';

  const reset = () => {
    setFile(null);
    setUpload(0);
    importNotes.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !chosenProject) return;
    setUpload(0);
    const zip = /\.zip$/i.test(file.name);
    void importNotes.start({
      projectId: chosenProject,
      file,
      layout: zip ? layout : 'chosen',
      onProgress: setUpload,
    });
  };

  const projectName = (id: string) =>
    projects.data?.find((project) => project.id === id)?.name ?? 'the project';
  // With one project per folder, notes may have gone into projects made by this import.
  const importedInto = (done: NonNullable<typeof result>) => {
    const others = new Set(done.imported.flatMap((note) => (note.projectId ? [note.projectId] : [])));
    const chosenToo = done.imported.some((note) => !note.projectId);
    if (others.size === 0) return projectName(done.projectId);
    const count = others.size + (chosenToo ? 1 : 0);
    return `${count} project${count === 1 ? '' : 's'}`;
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Import notes"
        description="Markdown (.md), plain text (.txt), Word (.docx), or a .zip of Markdown files from Notewise, Obsidian, Bear or Notion. Up to 20 MB."
        className="max-w-lg"
      >
        {result ? (
          <div className="space-y-4">
            <p role="status" className="text-sm">
              {result.imported.length === 0
                ? 'Nothing was imported.'
                : `Imported ${result.imported.length} note${result.imported.length === 1 ? '' : 's'} into ${importedInto(result)}.`}
            </p>
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
              secondary={{ label: 'Import more', onClick: reset }}
              primary={{ label: 'Done', onClick: () => onOpenChange(false) }}
            />
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" aria-describedby={failure ? errorId : undefined}>
            <div className="space-y-1.5">
              <label htmlFor={projectFieldId} className="block text-[13px] font-medium">
                Project
              </label>
              <select
                id={projectFieldId}
                value={chosenProject}
                onChange={(event) => setProjectId(event.target.value)}
                disabled={projects.isPending || pending}
                className="h-9 w-full rounded-control border border-border bg-bg px-2 text-sm max-md:h-11"
              >
                {projects.isPending && <option value="">Loading projects...</option>}
                {projects.data?.length === 0 && <option value="">No projects yet</option>}
                {projects.data?.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                    {project.kind === 'shared' ? ' (shared)' : ''}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <label htmlFor={fileFieldId} className="block text-[13px] font-medium">
                File
              </label>
              <input
                id={fileFieldId}
                type="file"
                accept={ACCEPT}
                disabled={pending}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                className="block w-full text-sm file:mr-3 file:h-9 file:rounded-control file:border file:border-border file:bg-panel file:px-3 file:text-sm max-md:file:h-11"
              />
            </div>
            {file && /\.zip$/i.test(file.name) && (
              <fieldset className="space-y-1 text-sm" disabled={pending}>
                <legend className="text-[13px] font-medium">Folders</legend>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="layout"
                    checked={layout === 'chosen'}
                    onChange={() => setLayout('chosen')}
                  />
                  Everything into {projectName(chosenProject)}
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="layout"
                    checked={layout === 'folders'}
                    onChange={() => setLayout('folders')}
                  />
                  One project per top-level folder
                </label>
              </fieldset>
            )}
            {pending && (
              <div role="status" className="space-y-1 text-sm text-muted">
                <progress
                  aria-label="Import progress"
                  className="h-2 w-full"
                  max={1}
                  {...(upload < 1 ? { value: upload } : {})}
                />
                <p>{upload < 1 ? `Uploading... ${Math.round(upload * 100)}%` : 'Importing notes...'}</p>
              </div>
            )}
            {failure !== null && (
              <p id={errorId} role="alert" className="text-sm text-danger">
                {errorMessage(failure)}
              </p>
            )}
            <DialogActions
              secondary={{ label: 'Cancel', onClick: () => onOpenChange(false) }}
              primary={{ label: 'Import', submit: true, pending, disabled: !file || !chosenProject }}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
