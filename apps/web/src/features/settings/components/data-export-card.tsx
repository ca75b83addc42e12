import type { DataExportJob } from '@notewise/shared';
import { Download } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { formatDate, pluralize } from '@/lib/format';
import { dataExportDownloadUrl, useLatestDataExport, useStartDataExport } from '../api/account-data';

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function Progress({ job }: { job: DataExportJob }) {
  const { done, total } = job.progress;
  const max = Math.max(total ?? 0, done, 1);
  const text = total === null ? 'Counting your notes' : `${done} of ${pluralize(total, 'note')} written`;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Preparing your data"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-hover"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${Math.round((done / max) * 100)}%` }}
        />
      </div>
      <p className="text-sm text-muted">
        {text}. You can leave this page: it keeps going, and shows here when it is ready.
      </p>
    </div>
  );
}

/**
 * Settings > Account, "Download all my data" (decision 064): starts the server's export job, shows
 * its progress (also after a reload: the latest job is read back), then offers the zip until it
 * expires, or says why it failed.
 */
export function DataExportCard() {
  const latest = useLatestDataExport();
  const start = useStartDataExport();
  const job = latest.data?.job ?? null;
  const running = job?.status === 'running' || job?.status === 'queued';
  const ready = job?.status === 'done' && job.result !== null ? job : null;

  return (
    <Card className="space-y-4" aria-labelledby="data-heading" aria-busy={running}>
      <div>
        <h2 id="data-heading" className="text-[15px] font-semibold">
          Download all my data
        </h2>
        <p className="mt-1 text-sm text-muted">
          One .zip with every note of your projects and the shared projects you belong to (Markdown, a folder
          per project), the pictures in them, your profile picture and your account details. It is prepared on
          the server and kept for 7 days.
        </p>
      </div>

      {running && job && <Progress job={job} />}

      {ready?.result && (
        <div className="space-y-3 rounded-control border border-border p-3">
          <p className="text-sm">
            Your data is ready: {pluralize(ready.result.notes, 'note')},{' '}
            {pluralize(ready.result.images, 'picture')}, {megabytes(ready.result.size)}. Available until{' '}
            <time dateTime={ready.expiresAt}>{formatDate(ready.expiresAt)}</time>.
          </p>
          <a
            href={dataExportDownloadUrl(ready.id)}
            download={ready.result.fileName}
            className={buttonClasses('primary', 'md')}
          >
            <Download size={16} aria-hidden="true" />
            Download
          </a>
        </div>
      )}

      {job?.status === 'failed' && (
        <p role="alert" className="text-sm text-danger">
          {job.error?.message ?? 'Your data could not be prepared. Try again.'}
        </p>
      )}
      {start.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(start.error)}
        </p>
      )}
      {latest.isError && !job && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(latest.error)}
        </p>
      )}

      <Button
        variant={ready ? 'secondary' : 'primary'}
        onClick={() => start.mutate()}
        // Not held back while the latest job loads: the server answers a running job instead of a second.
        pending={start.isPending || running}
      >
        <Download size={16} aria-hidden="true" />
        {running ? 'Preparing your data...' : ready ? 'Prepare a new download' : 'Download all my data'}
      </Button>
      <p role="status" className="sr-only">
        {running ? 'Preparing your data' : ready ? 'Your data is ready to download' : ''}
      </p>
    </Card>
  );
}
