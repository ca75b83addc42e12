// The capacity bench's printed tables: one block per step, and a configuration's summary.
import type { ActionFigure } from './stats';

export interface StepResult {
  users: number;
  seconds: number;
  /** How long the newcomers of this step took to arrive (at most ten a second), and their figures. */
  rampSeconds: number;
  arrival: Record<string, ActionFigure>;
  /** The steady state after the ramp: what the step's budget is judged on. */
  actions: Record<string, ActionFigure>;
  errors: number;
  errorSamples: string[];
  /** Largest resident memory of each server instance during the step, MB. */
  rssMb: number[];
  /** Each instance's event-loop utilization (0-1) and delay p99 during the step. */
  serverLoop: { utilization: number; delayP99Ms: number }[];
  /** CPU each instance used during the step, in cores (1 = one core all the time), and per 100 people. */
  serverCores: number[];
  /** Of which the main (JavaScript request) thread, in cores: the one that cannot use a second core. */
  mainThreadCores: number[];
  coresPer100People: number;
  /** The bench's proxy in front of two instances, in cores (null with one instance): not counted above. */
  proxyCores: number | null;
  /** Messages published through Redis per second during the step (null without Redis). */
  redisMessagesPerSecond: { events: number; collab: number } | null;
  /** The load generators' own event-loop delay, p99 ms: high means the figures include the client's wait. */
  generatorLagP99: number;
  loadAverage: number[];
  /** Share of the last 10 s some runnable task waited for a CPU (/proc/pressure/cpu), percent. */
  cpuPressure: number | null;
}

const ORDER = [
  'sign-in',
  'app',
  'list',
  'search',
  'open-note',
  'autosave',
  'collab-connect',
  'co-edit',
  'events-connect',
  'capture',
  'ai',
  'import',
  'export',
];

export function printConfiguration(
  name: string,
  steps: StepResult[],
  summary: boolean,
  result?: {
    maximumUsers: number;
    bareRoutePerSecond: number;
    appHealthPerSecond: number;
    loadAverageAtStart: number[];
    acknowledgedEdits: number;
    lostEdits: number;
    memory: { seconds: number; users: number; rssMb: number[] }[];
  },
) {
  for (const step of summary ? [] : steps) {
    console.log(
      `\n${name} - ${step.users} people, ${step.seconds} s: ${step.errors} errors, server RSS ${step.rssMb.join(' + ')} MB, ` +
        `server CPU ${step.serverCores.join(' + ')} cores (${step.coresPer100People} per 100 people; ` +
        `main thread ${step.mainThreadCores.join(' + ')}${step.proxyCores === null ? '' : `; proxy ${step.proxyCores}`}), ` +
        `event loop ${step.serverLoop.map((l) => `${Math.round(l.utilization * 100)} % busy, delay p99 ${l.delayP99Ms} ms`).join(' / ')}, ` +
        `${step.redisMessagesPerSecond ? `Redis messages/s ${step.redisMessagesPerSecond.events} events + ${step.redisMessagesPerSecond.collab} co-editing, ` : ''}` +
        `generator lag p99 ${step.generatorLagP99} ms, load ${step.loadAverage.join(' ')}, CPU pressure ${step.cpuPressure ?? '?'} %`,
    );
    const actions = Object.keys(step.actions).sort(
      (a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99),
    );
    const arrival = Object.entries(step.arrival)
      .map(([action, f]) => `${action} p50 ${f.p50} p99 ${f.p99} (${f.count})`)
      .join(', ');
    console.log(`  arrivals over ${step.rampSeconds} s: ${arrival || 'none'}`);
    console.log(
      `  ${'action'.padEnd(15)}${'count'.padStart(8)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}${'max'.padStart(9)}`,
    );
    for (const action of actions) {
      const f = step.actions[action] as ActionFigure;
      console.log(
        `  ${action.padEnd(15)}${String(f.count).padStart(8)}${f.p50.toFixed(1).padStart(9)}${f.p95.toFixed(1).padStart(9)}${f.p99.toFixed(1).padStart(9)}${f.max.toFixed(1).padStart(9)}`,
      );
    }
    for (const sample of step.errorSamples) console.log(`  error: ${sample}`);
  }
  if (!summary || !result) return;
  console.log(`\n== ${name}: at most ${result.maximumUsers} people ==`);
  console.log(
    `  load average at start ${result.loadAverageAtStart.join(' ')}; bare Fastify route ${result.bareRoutePerSecond} req/s, ` +
      `the app's health route ${result.appHealthPerSecond} req/s`,
  );
  console.log(
    `  ${result.acknowledgedEdits} acknowledged autosaves and co-edit sessions, ${result.lostEdits} lost`,
  );
  const every = Math.max(1, Math.ceil(result.memory.length / 20));
  const timeline = result.memory.filter((_, i) => i % every === 0);
  console.log(
    `  server RSS over time: ${timeline.map((p) => `${p.seconds}s/${p.users}p ${p.rssMb.join('+')}MB`).join(', ')}`,
  );
}
