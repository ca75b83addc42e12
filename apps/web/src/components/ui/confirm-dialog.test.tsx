import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

const props = {
  open: true,
  onOpenChange: () => {},
  onConfirm: () => {},
  title: 'Sure?',
  description: 'Really.',
};

describe('ConfirmDialog', () => {
  it('starts on Cancel when the action is destructive, so Enter does not delete', () => {
    render(<ConfirmDialog {...props} confirmLabel="Delete forever" destructive />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('starts on the confirm button otherwise, so Enter confirms', () => {
    render(<ConfirmDialog {...props} confirmLabel="Restore" />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Restore' }));
  });
});
