import * as constants from '@notewise/shared/constants';
import * as events from '@notewise/shared/events';
import * as messages from '@notewise/shared/messages';
import { describe, expect, it } from 'vitest';
import * as root from './index';

// The subpath entries resolve through the package's `exports` (as the web and the server import them)
// and hand out the very objects of the root entry: one definition each, never a copy.
describe('@notewise/shared subpath entries', () => {
  it.each([
    ['constants', constants],
    ['messages', messages],
    ['events', events],
  ])('%s re-exports bindings of the root entry', (_name, entry) => {
    const rootBindings = new Map(Object.entries(root));
    const bindings = Object.entries(entry);
    expect(bindings.length).toBeGreaterThan(0);
    for (const [name, value] of bindings) expect(rootBindings.get(name), name).toBe(value);
  });

  it('the change-event schema accepts exactly the event types of /events', () => {
    expect(root.changeEventSchema.shape.type.options).toEqual([...events.CHANGE_EVENT_TYPES]);
  });
});
