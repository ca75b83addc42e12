import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteProjectDialog, whoElse } from './delete-project-dialog';

afterEach(cleanup);

const research = { id: 'p1', name: 'Research', kind: 'personal' as const, noteCount: 163 };

describe('DeleteProjectDialog', () => {
  it('says how many notes, starts on Cancel, and offers Inbox ticked for a personal project', () => {
    const onConfirm = vi.fn();
    render(<DeleteProjectDialog project={research} open onOpenChange={() => {}} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete "Research"?' });
    expect(dialog.textContent).toContain('It holds 163 notes.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    const option = screen.getByRole('checkbox', { name: 'Move its 163 notes to Inbox' });
    expect((option as HTMLInputElement).checked).toBe(true);
    expect(dialog.textContent).toContain(
      'Its 163 notes move to your Inbox; the empty project moves to Trash.',
    );

    fireEvent.click(option);
    expect(dialog.textContent).toContain('The project and its 163 notes move to Trash.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Project' }));
    expect(onConfirm).toHaveBeenCalledWith({ moveNotesToInbox: false });
  });

  it('offers no move for an empty project or for Inbox itself', () => {
    const { rerender } = render(
      <DeleteProjectDialog
        project={{ ...research, noteCount: 0 }}
        open
        onOpenChange={() => {}}
        onConfirm={() => {}}
      />,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('alertdialog').textContent).toContain('It holds no notes.');
    rerender(
      <DeleteProjectDialog
        project={{ ...research, name: 'Inbox' }}
        open
        onOpenChange={() => {}}
        onConfirm={() => {}}
      />,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('names who else loses access', () => {
    expect(whoElse(['Anna'])).toBe('Anna');
    expect(whoElse(['Anna', 'Ben'])).toBe('Anna and Ben');
    expect(whoElse(['Anna', 'Ben', 'Cleo'])).toBe('Anna, Ben and 1 other');
    expect(whoElse(['Anna', 'Ben', 'Cleo', 'Dan', 'Eve'])).toBe('Anna, Ben and 3 others');
  });
});
