import { type ImportJob, type ImportLayout, type ImportResult, MESSAGES } from '@notewise/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiErrorFrom } from '@/lib/api';
import { invalidateNoteData, projectKeys } from '@/lib/query-keys';
import { paths } from '@/lib/route-table';
import { toast } from '@/lib/toast';
import { followImportJob } from './import-jobs';

export interface ImportInput {
  projectId: string;
  file: File;
  /** A zip's notes all into the project, or one project per top-level folder. */
  layout?: ImportLayout;
  /** Upload progress, 0..1. */
  onProgress?: (fraction: number) => void;
}

/** A small upload's summary (200), or the background job a large one became (202). */
export type ImportAnswer = { result: ImportResult } | { job: ImportJob };

/**
 * POST /api/import (multipart). XMLHttpRequest rather than fetch: it reports upload progress, which
 * a 20 MB zip on a slow line needs.
 */
export function importNotes({ projectId, file, layout, onProgress }: ImportInput): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const query = new URLSearchParams({ projectId, ...(layout ? { layout } : {}) });
    request.open('POST', `/api/import?${query}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', MESSAGES.networkFailed));
    request.onload = () => {
      const body = request.response as (ImportResult & { job?: ImportJob }) | null;
      if (request.status === 202 && body?.job) return resolve({ job: body.job });
      if (request.status >= 200 && request.status < 300 && body) return resolve({ result: body });
      reject(
        apiErrorFrom(request.status, body, request.status === 413 ? 'This file is too large.' : undefined),
      );
    };
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

type ImportState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; result: ImportResult }
  | { status: 'background'; jobId: string };

const refresh = (queryClient: QueryClient) =>
  Promise.all([
    invalidateNoteData(queryClient),
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  ]);

/** The address that opens a job's summary (the Projects page's Import dialog). */
export const importSummaryPath = (jobId: string) =>
  `${paths.projects}?importJob=${encodeURIComponent(jobId)}`;

/** Jobs whose dialog is open on them: they end there, without a toast. */
export const watchedInDialog = new Set<string>();

/**
 * The import as component state (not useMutation: that would pull TanStack's mutation code into a
 * chunk the first route shares, see the first-route budget). Refreshes note lists and projects after.
 */
export function useImportNotes() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<ImportState>({ status: 'idle' });
  const start = useCallback(
    async (input: ImportInput) => {
      setState({ status: 'pending' });
      try {
        const answer = await importNotes(input);
        if ('job' in answer) {
          setState({ status: 'background', jobId: answer.job.id });
          followImportJob(answer.job, (job) => {
            void refresh(queryClient);
            if (watchedInDialog.has(job.id)) return;
            const view = { label: 'View summary', onClick: () => navigate(importSummaryPath(job.id)) };
            const count = job.result?.imported.length ?? 0;
            if (job.status === 'done')
              toast.success(`Import finished: ${count} note${count === 1 ? '' : 's'} imported.`, {
                action: view,
              });
            else toast.error(job.error?.message ?? 'The import failed.', { action: view });
          });
          return;
        }
        setState({ status: 'success', result: answer.result });
        await refresh(queryClient);
      } catch (error) {
        setState({ status: 'error', error });
      }
    },
    [queryClient, navigate],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
