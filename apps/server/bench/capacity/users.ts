// A load-generator process of the capacity bench: runs the simulated people the parent hands it, so
// their work is not done on the server's event loop. Driven over IPC (see GeneratorMessage).
import type { SeededUser } from './seed-users';
import type { Acknowledged } from './stats';
import { SimulatedUser } from './user';

export type GeneratorMessage =
  | { type: 'init'; origin: string; users: SeededUser[] }
  /**
   * Start people until `count` of this generator's run, arriving evenly over `overMs`; answered
   * once every newcomer has arrived (signed in, first screen, events socket).
   */
  | { type: 'grow'; count: number; overMs: number }
  /** Send the samples and errors since the last collect, and forget them. */
  | { type: 'collect' }
  | { type: 'stop' };

export type GeneratorReply =
  | { type: 'grown' }
  | { type: 'samples'; samples: Record<string, number[]>; errors: Record<string, string[]>; lag: number[] }
  | { type: 'stopped'; acknowledged: Acknowledged[]; errors: Record<string, string[]> };

let origin = '';
let assigned: SeededUser[] = [];
const running: SimulatedUser[] = [];
let samples: Record<string, number[]> = {};
let errors: Record<string, string[]> = {};
const acknowledged = new Map<string, Acknowledged>();
let lag: number[] = [];

const recorder = {
  sample(action: string, ms: number) {
    const list = samples[action] ?? [];
    list.push(ms);
    samples[action] = list;
  },
  error(action: string, message: string) {
    const list = errors[action] ?? [];
    list.push(message);
    errors[action] = list;
  },
  acknowledged(edit: Acknowledged) {
    // A person's latest save of a note holds every save before it; each co-editing session types a
    // paragraph of its own (starting with its name), whose final text holds all of that session's.
    const who = edit.kind === 'autosave' ? edit.text.replace(/s\d+k\d+$/, '') : edit.text.split(' ')[0];
    acknowledged.set(`${edit.kind}:${edit.noteId}:${who}`, edit);
  },
};

// This process's own event-loop delay: a late timer here would show as server latency.
let expected = performance.now() + 100;
setInterval(() => {
  const now = performance.now();
  lag.push(Math.max(0, now - expected));
  expected = now + 100;
}, 100).unref();

const send = (reply: GeneratorReply) => process.send?.(reply);
// The bench gone (stopped, or killed by a time limit): its people go with it.
process.on('disconnect', () => process.exit(0));

process.on('message', async (message: GeneratorMessage) => {
  if (message.type === 'init') {
    origin = message.origin;
    assigned = message.users;
  } else if (message.type === 'grow') {
    const adding = assigned.slice(running.length, message.count);
    const gap = adding.length > 0 ? message.overMs / adding.length : 0;
    const arrivals: Promise<void>[] = [];
    for (const user of adding) {
      const simulated = new SimulatedUser(user, origin, recorder);
      running.push(simulated);
      simulated.start();
      arrivals.push(simulated.arrived);
      await new Promise((resolve) => setTimeout(resolve, gap));
    }
    // Newcomers still signing in a minute after the last arrived are left to arrive during the step
    // (their sign-in then counts there): a machine that cannot keep up still gets measured.
    await Promise.race([Promise.all(arrivals), new Promise((resolve) => setTimeout(resolve, 60_000))]);
    send({ type: 'grown' });
  } else if (message.type === 'collect') {
    send({ type: 'samples', samples, errors, lag });
    samples = {};
    errors = {};
    lag = [];
  } else if (message.type === 'stop') {
    await Promise.all(running.map((user) => user.stop()));
    send({ type: 'stopped', acknowledged: [...acknowledged.values()], errors });
    process.exit(0);
  }
});
