import type { AiCaptureProposal, Project } from '@notewise/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { useEffect, useId } from 'react';
import { ProjectSelect } from '@/components/project-select';
import { api } from '@/lib/api';
import { useDebounced } from '@/lib/use-debounced';

/** Loaded with the composer's picker only; under the projects feature's key so its changes refresh it. */
const PICKER_KEY = ['projects', 'composer-picker'] as const;

/** Typing must pause this long before the AI is asked where the text belongs. */
const PROPOSAL_DEBOUNCE_MS = 1200;
/** Fewer words than this say too little to file. */
const PROPOSAL_MIN_WORDS = 3;

/** Where the AI would file `text`: a project, or null for 'Inbox'. */
export interface CaptureProposal {
  text: string;
  projectId: string | null;
}

interface ProjectPickerProps {
  /** The picked project's id, or '' for the AI's proposal. */
  value: string;
  onChange: (projectId: string) => void;
  /** The composer's text: while 'Suggested by AI' is chosen, the AI's pick for it is shown. */
  text: string;
  /** The proposal shown for the current text (null while there is none), so Add Note files it there. */
  onProposalChange?: (proposal: CaptureProposal | null) => void;
  disabled?: boolean;
}

function useCaptureProposal(text: string, enabled: boolean) {
  const settled = useDebounced(text.trim(), PROPOSAL_DEBOUNCE_MS);
  const words = settled.split(/\s+/).filter(Boolean).length;
  const query = useQuery({
    queryKey: ['ai', 'capture-proposal', settled],
    queryFn: ({ signal }) =>
      api.post<AiCaptureProposal>('/api/ai/capture/proposal', { content: settled }, { signal }),
    enabled: enabled && words >= PROPOSAL_MIN_WORDS,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
    // The last proposal stays on screen while the next one is asked for (no flicker per pause).
    placeholderData: keepPreviousData,
  });
  // A proposal counts only for the text it was made for, and only while it is the current text.
  const current = query.data !== undefined && !query.isPlaceholderData && settled === text.trim();
  return { data: enabled && words >= PROPOSAL_MIN_WORDS ? query.data : undefined, current, settled };
}

/**
 * Where Add Note files the note: 'Suggested by AI' (the AI's filing proposal, 'Inbox'
 * when nothing fits) unless the user picks one of their projects or shared projects. A project the
 * page was opened for (New Note on a project page) comes preselected.
 */
export function ProjectPicker({ value, onChange, text, onProposalChange, disabled }: ProjectPickerProps) {
  const id = useId();
  const hintId = useId();
  const proposal = useCaptureProposal(text, value === '');
  const proposedId = proposal.data ? (proposal.data.project?.id ?? null) : undefined;
  useEffect(() => {
    onProposalChange?.(
      proposal.current && proposedId !== undefined ? { text: proposal.settled, projectId: proposedId } : null,
    );
  }, [onProposalChange, proposal.current, proposal.settled, proposedId]);
  const projects = useQuery({
    queryKey: PICKER_KEY,
    queryFn: ({ signal }) => api.get<{ projects: Project[] }>('/api/projects?kind=all', { signal }),
    select: (data) => data.projects,
  });
  const list = projects.data ?? [];
  // A preselected project that is not (yet) in the list still shows as chosen.
  const unknown = value !== '' && !list.some((project) => project.id === value);

  return (
    <div className="flex min-w-0 items-center gap-2 text-[13px]">
      <FolderOpen size={14} aria-hidden="true" className="shrink-0 text-muted" />
      <label htmlFor={id} className="shrink-0 text-muted">
        Project
      </label>
      <ProjectSelect
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={value === '' ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
        projects={list}
        leading={
          <>
            <option value="">
              {proposal.data
                ? `Suggested by AI: ${proposal.data.project?.name ?? 'Inbox'}`
                : 'Suggested by AI'}
            </option>
            {unknown && <option value={value}>{projects.isPending ? 'Loading...' : 'This project'}</option>}
          </>
        }
        className="h-8 min-w-0 max-w-64 flex-1 truncate max-md:min-h-11"
      />
      {value === '' && (
        <span id={hintId} className="truncate text-muted max-sm:sr-only">
          {proposal.data
            ? 'Pick another project to file it elsewhere'
            : 'The best fit, or Inbox when nothing fits'}
        </span>
      )}
    </div>
  );
}
