import type { ImportJob } from '@notewise/shared';
import { useEffect, useState } from 'react';
import { recentImportJobs } from '../api/import-jobs';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The last import's summary, kept 7 days: one line with a button that shows it in the dialog. */
export function LastImport({ onShow }: { onShow: (jobId: string) => void }) {
  const [last, setLast] = useState<ImportJob | null>(null);
  useEffect(() => {
    let live = true;
    void recentImportJobs().then(
      (jobs) => live && setLast(jobs[0] ?? null),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!last) return null;
  const status =
    last.status === 'done'
      ? `${last.result?.imported.length ?? 0} notes`
      : last.status === 'failed'
        ? 'failed'
        : 'running';
  return (
    <p className="text-sm text-muted">
      Last large import: {when(last.createdAt)} ({status}).{' '}
      <button
        type="button"
        className="text-accent underline underline-offset-2"
        onClick={() => onShow(last.id)}
      >
        {last.status === 'running' || last.status === 'queued' ? 'Show progress' : 'View summary'}
      </button>
    </p>
  );
}
