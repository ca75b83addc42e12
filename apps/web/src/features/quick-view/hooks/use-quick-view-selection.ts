import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ProjectKind = 'personal' | 'shared';

export interface ProjectRef {
  kind: ProjectKind;
  id: string;
}

export interface QuickViewSelection {
  project: ProjectRef | null;
  noteId: string | null;
}

/**
 * The selection lives in the URL (docs/product.md §2: /quick-view?project=|sharedProject=&note=), so links open
 * a project and note, and the URL follows every selection (replacing the entry: no history spam).
 */
export function useQuickViewSelection() {
  const [params, setParams] = useSearchParams();
  const projectId = params.get('project');
  const sharedProjectId = params.get('sharedProject');
  const noteId = params.get('note');

  const selection = useMemo<QuickViewSelection>(
    () => ({
      project: sharedProjectId
        ? { kind: 'shared', id: sharedProjectId }
        : projectId
          ? { kind: 'personal', id: projectId }
          : null,
      noteId: noteId || null,
    }),
    [projectId, sharedProjectId, noteId],
  );

  const select = useCallback(
    (next: QuickViewSelection) => {
      const search = new URLSearchParams();
      if (next.project)
        search.set(next.project.kind === 'shared' ? 'sharedProject' : 'project', next.project.id);
      if (next.project && next.noteId) search.set('note', next.noteId);
      setParams(search, { replace: true });
    },
    [setParams],
  );

  return { selection, select };
}
