import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { errorMessage } from '@/lib/api';
import { fetchImportJob, isRunning, useImportJob } from '../api/import-jobs';
import { watchedInDialog } from '../api/import-notes';
import { ImportSummary } from './import-summary';

interface ImportJobViewProps {
  jobId: string;
  projectName: (id: string) => string;
  onMore: () => void;
  onClose: () => void;
}

/**
 * A background import in the dialog: its progress while it runs (the dialog may be closed, the
 * import goes on and a toast tells when it ends), then its kept summary or why it failed.
 */
export function ImportJobView({ jobId, projectName, onMore, onClose }: ImportJobViewProps) {
  const job = useImportJob(jobId);
  const running = job ? isRunning(job) : true;

  useEffect(() => {
    // Read once (a summary reopened from its address or the last-import link); a running job's
    // polling is already going (followImportJob).
    if (!job) void fetchImportJob(jobId).catch(() => {});
  }, [job, jobId]);

  useEffect(() => {
    watchedInDialog.add(jobId);
    return () => {
      watchedInDialog.delete(jobId);
    };
  }, [jobId]);

  if (job?.status === 'done' && job.result) {
    return <ImportSummary result={job.result} projectName={projectName} onMore={onMore} onDone={onClose} />;
  }
  if (job?.status === 'failed') {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-danger">
          {job.error?.message ?? errorMessage(null)}
        </p>
        <DialogActions
          secondary={{ label: 'Import again', onClick: onMore }}
          primary={{ label: 'Close', onClick: onClose }}
        />
      </div>
    );
  }
  const progress = job?.progress ?? { done: 0, total: null };
  const writing = progress.total !== null;
  return (
    <div className="space-y-4">
      <div role="status" className="space-y-1 text-sm">
        <progress
          aria-label="Import progress"
          className="h-2 w-full"
          {...(writing ? { max: Math.max(1, progress.total ?? 1), value: progress.done } : {})}
        />
        <p>
          {!job
            ? 'Loading the import...'
            : writing
              ? `Writing notes: ${progress.done} of ${progress.total}`
              : `Reading files: ${progress.done} read`}
        </p>
      </div>
      {running && (
        <p className="text-sm text-muted">
          This is a large import: it runs in the background. You can close this window and keep working; you
          will be told when it is done.
        </p>
      )}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {running ? 'Continue in the background' : 'Close'}
        </Button>
      </div>
    </div>
  );
}
