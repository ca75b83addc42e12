import { AI_MESSAGES } from '@notewise/shared';
import { expect, it } from 'vitest';
import { AI_TEXT } from './ai-messages';

it('the copied AI messages equal the shared ones', () => {
  for (const [key, text] of Object.entries(AI_TEXT)) {
    expect(text).toBe(AI_MESSAGES[key as keyof typeof AI_MESSAGES]);
  }
});
