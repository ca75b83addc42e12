import type { Project } from '@notewise/shared';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ProjectSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  /** Personal and shared projects, in the order to show them. */
  projects: Project[];
  /** Options before the projects, e.g. 'Inbox' or 'Suggested by AI'. */
  leading?: ReactNode;
}

/**
 * Where a note goes: a native select with the user's projects under 'Your projects' and the shared
 * ones under 'Shared projects' (a group only when it has any). Size and width come from `className`.
 */
export function ProjectSelect({ projects, leading, className, ...props }: ProjectSelectProps) {
  const personal = projects.filter((project) => project.kind === 'personal');
  const shared = projects.filter((project) => project.kind === 'shared');
  return (
    <select
      {...props}
      className={cn(
        'rounded-control border border-border-strong bg-panel px-2 text-fg',
        'hover:border-subtle focus-visible:border-accent focus-visible:outline-2 disabled:opacity-60',
        className,
      )}
    >
      {leading}
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
  );
}
