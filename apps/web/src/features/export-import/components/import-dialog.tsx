import type { ImportLayout } from '@notewise/shared';
import { type FormEvent, useId, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { errorMessage } from '@/lib/api';
import { useProjects } from '@/lib/project-queries';
import { useImportNotes } from '../api/import-notes';
import { ImportJobView } from './import-job-view';
import { ImportSummary } from './import-summary';
import { LastImport } from './last-import';

const ACCEPT = '.md,.markdown,.txt,.docx,.enex,.zip,text/markdown,text/plain,application/zip';

interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultProjectId?: string;
  /** Opens on this background import (its progress, or its kept summary). */
  jobId?: string;
}

/** Import .md, .txt, .docx or a Markdown .zip into a project; then what was imported and skipped. */
export default function ImportDialog({ open, onOpenChange, defaultProjectId, jobId }: ImportDialogProps) {
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
  // A job opened from its address or the last-import link, else the one this dialog started.
  const [pickedJob, setPickedJob] = useState<string | null>(jobId ?? null);
  const shownJob = pickedJob ?? (state.status === 'background' ? state.jobId : null);

  const reset = () => {
    setFile(null);
    setUpload(0);
    setPickedJob(null);
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
        {shownJob ? (
          <ImportJobView
            jobId={shownJob}
            projectName={projectName}
            onMore={reset}
            onClose={() => onOpenChange(false)}
          />
        ) : result ? (
          <ImportSummary
            result={result}
            projectName={projectName}
            onMore={reset}
            onDone={() => onOpenChange(false)}
          />
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
            {!pending && <LastImport onShow={setPickedJob} />}
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
