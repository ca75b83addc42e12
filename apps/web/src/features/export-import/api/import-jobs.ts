import type { ImportJob } from '@notewise/shared';
import { useSyncExternalStore } from 'react';
import { ApiError, api } from '@/lib/api';

/**
 * Background imports (decision 060) as the web follows them: a small store outside React, so a job
 * keeps being followed after its dialog closes. There is no change event for jobs on the events
 * socket, so a running job is polled every second until it ends; then `onEnd` runs once.
 */

const POLL_MS = 1_000;
const jobs = new Map<string, ImportJob>();
const followed = new Set<string>();
const listeners = new Set<() => void>();

function put(job: ImportJob) {
  jobs.set(job.id, job);
  for (const listener of listeners) listener();
}

export const isRunning = (job: ImportJob) => job.status === 'running' || job.status === 'queued';

export async function fetchImportJob(id: string): Promise<ImportJob> {
  const { job } = await api.get<{ job: ImportJob }>(`/api/import-jobs/${encodeURIComponent(id)}`);
  put(job);
  return job;
}

export async function recentImportJobs(): Promise<ImportJob[]> {
  return (await api.get<{ jobs: ImportJob[] }>('/api/import-jobs')).jobs;
}

/** Follows a job until it ends (once per job, however often asked). */
export function followImportJob(job: ImportJob, onEnd: (job: ImportJob) => void) {
  put(job);
  if (followed.has(job.id) || !isRunning(job)) return;
  followed.add(job.id);
  let failures = 0;
  const tick = async () => {
    try {
      const next = await fetchImportJob(job.id);
      failures = 0;
      if (isRunning(next)) {
        setTimeout(tick, POLL_MS);
        return;
      }
      followed.delete(job.id);
      onEnd(next);
    } catch (error) {
      // Gone (expired, or another account signed in): nothing more to follow.
      if (error instanceof ApiError && error.status === 404) {
        followed.delete(job.id);
        return;
      }
      // Offline or the server restarting: keep trying, more slowly.
      failures += 1;
      setTimeout(tick, Math.min(30_000, POLL_MS * 2 ** failures));
    }
  };
  setTimeout(tick, POLL_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The latest known state of a job (null until read). */
export function useImportJob(id: string | null): ImportJob | null {
  return useSyncExternalStore(subscribe, () => (id ? (jobs.get(id) ?? null) : null));
}
