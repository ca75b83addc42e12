import type { Project } from '@notewise/shared';
import { useQuery } from '@tanstack/react-query';
import { FolderOpen } from 'lucide-react';
import { useId } from 'react';
import { api } from '@/lib/api';
import { cn } from '@/lib/cn';

/** Loaded with the composer's picker only; under the projects feature's key so its changes refresh it. */
const PICKER_KEY = ['projects', 'composer-picker'] as const;

interface ProjectPickerProps {
  /** The picked project's id, or '' for the AI's proposal. */
  value: string;
  onChange: (projectId: string) => void;
  disabled?: boolean;
}

/**
 * Where Add Note files the note (issue 18.4): 'Suggested by AI' (the AI's filing proposal, 'Inbox'
 * when nothing fits) unless the user picks one of their projects or shared projects. A project the
 * page was opened for (New Note on a project page) comes preselected.
 */
export function ProjectPicker({ value, onChange, disabled }: ProjectPickerProps) {
  const id = useId();
  const hintId = useId();
  const projects = useQuery({
    queryKey: PICKER_KEY,
    queryFn: ({ signal }) => api.get<{ projects: Project[] }>('/api/projects?kind=all', { signal }),
    select: (data) => data.projects,
  });
  const list = projects.data ?? [];
  const personal = list.filter((project) => project.kind === 'personal');
  const shared = list.filter((project) => project.kind === 'shared');
  // A preselected project that is not (yet) in the list still shows as chosen.
  const unknown = value !== '' && !list.some((project) => project.id === value);

  return (
    <div className="flex min-w-0 items-center gap-2 text-[13px]">
      <FolderOpen size={14} aria-hidden="true" className="shrink-0 text-muted" />
      <label htmlFor={id} className="shrink-0 text-muted">
        Project
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={value === '' ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'h-8 min-w-0 max-w-64 flex-1 truncate rounded-control border border-border-strong bg-panel px-2 text-fg',
          'hover:border-subtle focus-visible:border-accent focus-visible:outline-2 disabled:opacity-60 max-md:min-h-11',
        )}
      >
        <option value="">Suggested by AI</option>
        {unknown && <option value={value}>{projects.isPending ? 'Loading...' : 'This project'}</option>}
        {personal.length > 0 && (
          <optgroup label="Your projects">
            {personal.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </optgroup>
        )}
        {shared.length > 0 && (
          <optgroup label="Shared projects">
            {shared.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {value === '' && (
        <span id={hintId} className="truncate text-muted max-sm:sr-only">
          The best fit, or Inbox when nothing fits
        </span>
      )}
    </div>
  );
}
