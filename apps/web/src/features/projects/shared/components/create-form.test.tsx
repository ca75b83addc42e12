import { MAX_PROJECT_DESCRIPTION_LENGTH, MAX_PROJECT_NAME_LENGTH } from '@notewise/shared';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newProjectBody, type ProjectFieldValues } from '@/components/project-fields';
import { CreateForm } from './create-form';

// No jest-dom here: the matchers read DOM properties, and each test unmounts its render.
afterEach(cleanup);

function Harness({ onSubmit }: { onSubmit: (fields: ProjectFieldValues) => void }) {
  const [fields, setFields] = useState<ProjectFieldValues>({ name: '', description: '', color: 'blue' });
  return (
    <CreateForm
      fields={fields}
      error={null}
      onChange={(changes) => setFields((current) => ({ ...current, ...changes }))}
      onBack={() => {}}
      onSubmit={() => onSubmit(fields)}
    />
  );
}

describe('the shared project form', () => {
  it('shows the project fields with their limits and labels', () => {
    render(<Harness onSubmit={() => {}} />);
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('maxlength')).toBe(String(MAX_PROJECT_NAME_LENGTH));
    expect(name.getAttribute('placeholder')).toBe('e.g. Study group');
    const description = screen.getByLabelText('Description (optional)');
    expect(description.getAttribute('maxlength')).toBe(String(MAX_PROJECT_DESCRIPTION_LENGTH));
    expect(screen.getByRole('radiogroup', { name: 'Color' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('needs a name that is not blank', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const create = screen.getByRole('button', { name: 'Create Project' });
    expect(create).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Name'), '   ');
    expect(create).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Name'), 'Study group');
    expect(create).toHaveProperty('disabled', false);
  });

  it('submits the name, description and chosen colour', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), ' Biology ');
    await user.type(screen.getByLabelText('Description (optional)'), 'Cells');
    await user.click(screen.getAllByRole('radio')[2] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const fields = onSubmit.mock.calls[0]?.[0] as ProjectFieldValues;
    expect(fields.color).not.toBe('blue');
    expect(newProjectBody(fields)).toEqual({ name: 'Biology', color: fields.color, description: 'Cells' });
  });

  it('leaves a blank description out of the request', () => {
    expect(newProjectBody({ name: ' A ', description: '  ', color: 'green' })).toEqual({
      name: 'A',
      color: 'green',
    });
  });

  it('shows a refusal as an alert', () => {
    render(
      <CreateForm
        fields={{ name: 'A', description: '', color: 'blue' }}
        error="Too many projects."
        onChange={() => {}}
        onBack={() => {}}
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Too many projects.');
  });
});
