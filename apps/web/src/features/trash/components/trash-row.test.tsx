import type { TrashItem } from '@notewise/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrashRow } from './trash-row';

afterEach(cleanup);

const now = Date.parse('2026-11-27T12:00:00.000Z');
const DAY = 86_400_000;
const times = {
  deletedAt: new Date(now - 3 * DAY).toISOString(),
  expiresAt: new Date(now + 27 * DAY).toISOString(),
};

function renderRow(item: TrashItem) {
  const onRestore = vi.fn();
  const onDeleteForever = vi.fn();
  render(
    <ul>
      <TrashRow item={item} now={now} onRestore={onRestore} onDeleteForever={onDeleteForever} />
    </ul>,
  );
  return { row: screen.getByRole('listitem', { name: item.title }), onRestore, onDeleteForever };
}

describe('TrashRow', () => {
  it('shows a note with its project, when it was deleted and when it goes for good', () => {
    const item: TrashItem = {
      kind: 'note',
      id: 'n1',
      title: 'Lecture 4',
      excerpt: 'Eigenvalues',
      projectId: 'p1',
      projectName: 'Mathematics',
      ...times,
    };
    const { row, onRestore, onDeleteForever } = renderRow(item);
    expect(row.textContent).toContain('Note');
    expect(row.textContent).toContain('From Mathematics');
    expect(within(row).getByText('Deleted 3 days ago · Deleted for good in 27 days')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Restore Lecture 4' }));
    expect(onRestore).toHaveBeenCalledWith(item);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete forever Lecture 4' }));
    expect(onDeleteForever).toHaveBeenCalledWith(item);
  });

  it("says when a note's project is gone", () => {
    const { row } = renderRow({
      kind: 'note',
      id: 'n2',
      title: 'Orphan',
      excerpt: '',
      projectId: null,
      projectName: null,
      ...times,
    });
    expect(within(row).getByText('Project deleted')).toBeTruthy();
  });

  it('shows a project with its note count and a shared badge', () => {
    const { row } = renderRow({
      kind: 'project',
      id: 'p2',
      title: 'Team Space',
      color: 'green',
      shared: true,
      noteCount: 3,
      ...times,
    });
    expect(row.textContent).toContain('Project');
    expect(within(row).getByText('3 notes')).toBeTruthy();
    expect(within(row).getByText('Shared')).toBeTruthy();
  });
});
