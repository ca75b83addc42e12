import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JoinForm } from './join-form';

function Harness({ onSubmit }: { onSubmit: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <JoinForm code={code} error={null} onChange={setCode} onBack={() => {}} onSubmit={() => onSubmit(code)} />
  );
}

// No jest-dom here: the matchers read DOM properties, and each test unmounts its render.
afterEach(cleanup);

describe('JoinForm', () => {
  it('keeps only the digits of a pasted code, and joins once six are in', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Project code');
    const join = screen.getByRole('button', { name: 'Join' });
    expect(join).toHaveProperty('disabled', true);

    await user.click(input);
    await user.paste('12 34-56');
    expect(input).toHaveProperty('value', '123456');
    expect(join).toHaveProperty('disabled', false);

    await user.click(join);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('drops letters as they are typed and stops at six digits', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={() => {}} />);
    const input = screen.getByLabelText('Project code');
    await user.type(input, 'a1b2c3');
    expect(input).toHaveProperty('value', '123');
    expect(screen.getByRole('button', { name: 'Join' })).toHaveProperty('disabled', true);
    await user.type(input, '4567');
    expect(input).toHaveProperty('value', '123456');
  });

  it('shows the refusal as an alert and marks the code invalid', () => {
    render(
      <JoinForm
        code="123456"
        error="No project has this code."
        onChange={() => {}}
        onBack={() => {}}
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('No project has this code.');
    expect(screen.getByLabelText('Project code').getAttribute('aria-invalid')).toBe('true');
  });
});
