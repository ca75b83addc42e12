import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema, displayNameSchema, signUpBodySchema } from './auth.schema';
import { MIN_PASSWORD_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { createNoteBodySchema, noteTitleSchema, tagsSchema } from './notes.schema';
import { createProjectBodySchema, updateProjectBodySchema } from './projects.schema';
import { createSharedProjectBodySchema } from './shared-projects.schema';

describe('password rules', () => {
  const signUp = (password: string) =>
    signUpBodySchema.safeParse({ name: 'Ann', email: 'ann@example.com', password });

  it('needs 8 characters (a deliberate change: the original asked for 6, decision 009)', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(signUp('zzzzzz').error?.issues[0]?.message).toBe(MESSAGES.passwordTooShort);
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(signUp('zq7-wart').success).toBe(true);
  });

  it('refuses common passwords, whatever their case', () => {
    for (const password of ['password', 'Password123', 'QWERTYUIOP', '12345678', 'notewise-demo']) {
      expect(signUp(password).error?.issues[0]?.message, password).toBe(MESSAGES.passwordTooCommon);
    }
  });

  it('applies the same rules to a password change', () => {
    const parsed = changePasswordBodySchema.safeParse({ currentPassword: 'abc', newPassword: 'iloveyou1' });
    expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.passwordTooCommon);
  });
});

describe('names and titles lose control and bidi characters', () => {
  it('strips them from display names, project names and descriptions, note titles and tags', () => {
    expect(displayNameSchema.parse('Ma\u0000l\u202Elory\u0007')).toBe('Mallory');
    expect(createProjectBodySchema.parse({ name: '\u2066Plans\u2069\n', description: 'a\nb\u0000' })).toEqual(
      {
        name: 'Plans',
        description: 'a\nb',
        color: 'blue',
      },
    );
    expect(updateProjectBodySchema.parse({ name: 'x\u202Dy' })).toEqual({ name: 'xy' });
    expect(createSharedProjectBodySchema.parse({ name: 'Team', description: '\u202Eevil' }).description).toBe(
      'evil',
    );
    expect(noteTitleSchema.parse('Title\u0000 with NUL')).toBe('Title with NUL');
    expect(tagsSchema.parse(['ta\u0000g', ' \u202Ework '])).toEqual(['tag', 'work']);
    expect(createNoteBodySchema.parse({ projectId: 'p', title: 'a\u0000' }).title).toBe('a');
  });

  it('refuses a name that is nothing but control characters', () => {
    expect(displayNameSchema.safeParse('\u0000\u202E').success).toBe(false);
    expect(noteTitleSchema.safeParse('\u0000').success).toBe(false);
  });
});
