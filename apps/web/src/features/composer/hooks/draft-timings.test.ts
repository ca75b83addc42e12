import { readFileSync } from 'node:fs';
import { DRAFT_CLEAR_AFTER_RESTORE_MS, DRAFT_DEBOUNCE_MS } from '@notewise/shared';
import { describe, expect, it } from 'vitest';

// The composer copies these two constants (importing them would bring zod into the first route).
describe('composer draft timings', () => {
  it('match the shared constants', () => {
    const source = readFileSync(new URL('./use-composer-draft.ts', import.meta.url), 'utf8');
    expect(source).toContain(
      `const DRAFT_DEBOUNCE_MS = ${DRAFT_DEBOUNCE_MS.toLocaleString('en').replace(',', '_')};`,
    );
    expect(source).toContain(
      `const DRAFT_CLEAR_AFTER_RESTORE_MS = ${DRAFT_CLEAR_AFTER_RESTORE_MS.toLocaleString('en').replace(',', '_')};`,
    );
  });
});
