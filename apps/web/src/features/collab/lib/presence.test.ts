import { describe, expect, it } from 'vitest';
import { INITIAL_COLLAB_STATE, saveStateLabel } from './collab-state';
import { peopleFromStates, peopleKey, readAwarenessUser } from './presence';
import { COLLAB_COLORS, collabColorFor, isCollabColor } from './user-color';

describe('collabColorFor', () => {
  it('gives a user the same palette colour every time, and spreads users over the palette', () => {
    expect(collabColorFor('user-1')).toBe(collabColorFor('user-1'));
    expect(COLLAB_COLORS).toContain(collabColorFor('user-1'));
    const used = new Set(Array.from({ length: 200 }, (_, index) => collabColorFor(`user-${index}`)));
    expect(used.size).toBe(COLLAB_COLORS.length);
  });

  it('only accepts palette colours from others', () => {
    expect(isCollabColor(COLLAB_COLORS[0])).toBe(true);
    expect(isCollabColor('#000000')).toBe(false);
    expect(isCollabColor('red; background: url(x)')).toBe(false);
  });
});

describe('peopleFromStates', () => {
  const state = (id: string, name: unknown, color: unknown = collabColorFor(id)) => ({
    user: { id, name, color },
  });

  it('lists each account once, the current user first, then by name', () => {
    const states = new Map<number, unknown>([
      [1, state('zed', 'Zed')],
      [2, state('me', 'Me Myself')],
      [3, state('amy', 'Amy')],
      [4, state('zed', 'Zed')], // a second tab
      [5, {}], // no user announced yet
    ]);
    const people = peopleFromStates(states, 2, 'me');
    expect(people.map((person) => [person.name, person.self])).toEqual([
      ['Me Myself', true],
      ['Amy', false],
      ['Zed', false],
    ]);
  });

  it('treats announced users as untrusted: bad colours replaced, names bounded, junk skipped', () => {
    const person = readAwarenessUser(state('x', `  ${'n'.repeat(100)} `, 'url(javascript:alert(1))'));
    expect(person?.color).toBe(collabColorFor('x'));
    expect(person?.name).toHaveLength(60);
    expect(readAwarenessUser(state('y', 42))?.name).toBe('Someone');
    expect(readAwarenessUser({ user: { id: 5, name: 'No id' } })).toBeNull();
    expect(readAwarenessUser(null)).toBeNull();
  });

  it('keys a list by what a viewer sees', () => {
    const a = peopleFromStates(new Map([[1, state('a', 'A')]]), 9, 'me');
    const b = peopleFromStates(new Map([[7, state('a', 'A')]]), 9, 'me');
    expect(peopleKey(a)).toBe(peopleKey(b));
    expect(peopleKey(a)).not.toBe(peopleKey(peopleFromStates(new Map([[1, state('a', 'B')]]), 9, 'me')));
  });
});

describe('saveStateLabel', () => {
  it('says what the user needs to know, in words', () => {
    expect(saveStateLabel(INITIAL_COLLAB_STATE)).toBe('Connecting...');
    const ready = { ...INITIAL_COLLAB_STATE, ready: true, connection: 'connected' as const };
    expect(saveStateLabel(ready)).toBe('Saved');
    expect(saveStateLabel({ ...ready, saving: true })).toBe('Saving...');
    expect(saveStateLabel({ ...ready, saving: true, connection: 'offline' })).toBe('Offline');
    expect(saveStateLabel({ ...ready, connection: 'denied' })).toBe('No access');
    expect(saveStateLabel({ ...ready, connection: 'failed' })).toBe('Not connected');
  });
});
