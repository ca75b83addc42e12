import { watchStatements } from './statement-counter';

/**
 * When the socket guard swept (decision 006: every `sweepIntervalMs` one query re-checks the open
 * sockets' sessions and plans), seen at the database drivers as in statement-counter.ts. The socket
 * tests count sweeps between a change and a socket's close ("closed by the next sweep") instead of
 * milliseconds: a close within 1 s was a wall-clock promise a loaded machine broke with the server
 * right (decision 114). A sweep is its sessions query (joining sessions to users by token) sent from
 * the guard's `sweep`, told by the call's async stack from an admission's (a client reconnecting),
 * which sends the same query.
 */
const SWEEP_QUERY = /from "sessions" as "s" inner join "users" as "u"/i;
const FROM_SWEEP = /at (async )?sweep \(.*socket-guard\.ts/;

function calledFromSweep(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return FROM_SWEEP.test(stack);
}

/** A close follows its change by at most: one sweep that read before the change, then the one that closes. */
export const SWEEPS_TO_CLOSE = 2;
/**
 * A co-editing socket refused a document is closed after revokeGraceMs (250 ms, the web client
 * leaves first); while the person's other sockets stay open, one more sweep can fall into that grace.
 */
export const SWEEPS_TO_CLOSE_AFTER_GRACE = 3;

export interface SweepWatch {
  /** Sweeps whose query was sent from `from` to `to` (Date.now() times), both included. */
  between(from: number, to: number): number;
  stop(): void;
}

export function watchSweeps(): SweepWatch {
  const sweeps: number[] = [];
  const stop = watchStatements((text) => {
    if (SWEEP_QUERY.test(text) && calledFromSweep()) sweeps.push(Date.now());
  });
  return {
    between: (from, to) => sweeps.filter((at) => at >= from && at <= to).length,
    stop,
  };
}
