import { describe, expect, it } from 'vitest';
import { allowedActions, can, PROJECT_ACTIONS, type ProjectAction } from './policy';

type Subject = 'owner' | 'member' | 'member (author)' | 'none' | 'none (author)';

const Y = true;
const N = false;

/**
 * The whole model, written out by hand: role x action x project kind. A change to the rule must
 * change this table (and decision 008 and the help article with it).
 */
//                 read editText create moveIn moveOut delete renameRecolour manageCode manageMembers leave deleteProject
const table: Record<'shared' | 'personal', Record<Subject, boolean[]>> = {
  shared: {
    owner: [Y, Y, Y, Y, Y, Y, Y, Y, Y, N, Y],
    member: [Y, Y, Y, Y, N, N, N, N, N, Y, N],
    'member (author)': [Y, Y, Y, Y, Y, Y, N, N, N, Y, N],
    none: [N, N, N, N, N, N, N, N, N, N, N],
    'none (author)': [N, N, N, N, N, N, N, N, N, N, N],
  },
  personal: {
    owner: [Y, Y, Y, Y, Y, Y, Y, N, N, N, Y],
    // Personal projects have no members besides the owner; a stray member row grants nothing.
    member: [N, N, N, N, N, N, N, N, N, N, N],
    'member (author)': [N, N, N, N, N, N, N, N, N, N, N],
    none: [N, N, N, N, N, N, N, N, N, N, N],
    'none (author)': [N, N, N, N, N, N, N, N, N, N, N],
  },
};

function subjectOf(subject: Subject) {
  const role = subject.startsWith('owner') ? 'owner' : subject.startsWith('member') ? 'member' : 'none';
  return { role, isAuthor: subject.endsWith('(author)') } as const;
}

const cases = Object.entries(table).flatMap(([kind, bySubject]) =>
  Object.entries(bySubject).flatMap(([subject, row]) =>
    PROJECT_ACTIONS.map((action, index) => [kind, subject, action, row[index]] as const),
  ),
);

describe('shared-project permission policy', () => {
  it('has one column per action', () => {
    for (const bySubject of Object.values(table)) {
      for (const row of Object.values(bySubject)) expect(row).toHaveLength(PROJECT_ACTIONS.length);
    }
  });

  it.each(cases)('%s project, %s, %s -> %s', (kind, subject, action, expected) => {
    const { role, isAuthor } = subjectOf(subject as Subject);
    expect(can({ role, kind: kind as 'shared' | 'personal', isAuthor }, action)).toBe(expected);
  });

  it('authorship matters only for moving out and deleting', () => {
    const member = (isAuthor: boolean) => allowedActions({ role: 'member', kind: 'shared', isAuthor });
    const gained = member(true).filter((action) => !member(false).includes(action));
    expect(gained.sort()).toEqual(['delete', 'moveOut'] satisfies ProjectAction[]);
  });

  it('an owner never gains anything from authorship', () => {
    for (const kind of ['shared', 'personal'] as const) {
      expect(allowedActions({ role: 'owner', kind, isAuthor: true })).toEqual(
        allowedActions({ role: 'owner', kind, isAuthor: false }),
      );
    }
  });
});
