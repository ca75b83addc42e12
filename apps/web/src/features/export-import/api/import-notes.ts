import { type ImportLayout, type ImportResult, MESSAGES } from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, apiErrorFrom } from '@/lib/api';
import { invalidateNoteData, projectKeys } from '@/lib/query-keys';

export interface ImportInput {
  projectId: string;
  file: File;
  /** A zip's notes all into the project, or one project per top-level folder. */
  layout?: ImportLayout;
  /** Upload progress, 0..1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/import (multipart). XMLHttpRequest rather than fetch: it reports upload progress, which
 * a 20 MB zip on a slow line needs.
 */
export function importNotes({ projectId, file, layout, onProgress }: ImportInput): Promise<ImportResult> {
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
      const body = request.response as ImportResult | null;
      if (request.status >= 200 && request.status < 300 && body) return resolve(body);
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
  | { status: 'success'; result: ImportResult };

/**
 * The import as component state (not useMutation: that would pull TanStack's mutation code into a
 * chunk the first route shares, see the first-route budget). Refreshes note lists and projects after.
 */
export function useImportNotes() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ status: 'idle' });
  const start = useCallback(
    async (input: ImportInput) => {
      setState({ status: 'pending' });
      try {
        const result = await importNotes(input);
        setState({ status: 'success', result });
        await Promise.all([
          invalidateNoteData(queryClient),
          queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        ]);
      } catch (error) {
        setState({ status: 'error', error });
      }
    },
    [queryClient],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, reset };
}
