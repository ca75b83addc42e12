import type { Project } from '@notewise/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectSelect } from './project-select';

afterEach(cleanup);

const project = (id: string, kind: Project['kind']) => ({ id, name: `Project ${id}`, kind }) as Project;

describe('ProjectSelect', () => {
  it('groups personal and shared projects after the leading options', () => {
    render(
      <ProjectSelect
        aria-label="Project"
        projects={[project('a', 'shared'), project('b', 'personal'), project('c', 'shared')]}
        leading={<option value="">Inbox</option>}
        defaultValue=""
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Project' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Inbox', 'Project b', 'Project a', 'Project c']);
    const groups = select.querySelectorAll('optgroup');
    expect([...groups].map((group) => group.label)).toEqual(['Your projects', 'Shared projects']);
  });

  it('leaves out an empty group', () => {
    render(<ProjectSelect aria-label="Project" projects={[project('b', 'personal')]} />);
    const groups = screen.getByRole('combobox', { name: 'Project' }).querySelectorAll('optgroup');
    expect([...groups].map((group) => group.label)).toEqual(['Your projects']);
  });
});
