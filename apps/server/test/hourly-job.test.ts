import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHourlyJob } from '../src/ops/hourly-job';
import { opsMetrics } from '../src/ops/metrics';

const log = pino({ level: 'silent' });

describe('hourly background jobs (history pruning, Trash and voice purges)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a minute after start, then hourly, never twice at once, and stops', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let release: () => void = () => undefined;
    const stop = startHourlyJob(
      'history-pruning',
      () =>
        new Promise((resolve) => {
          runs += 1;
          release = () => resolve({ thinned: 0 });
        }),
      log,
    );
    await vi.advanceTimersByTimeAsync(59_000);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    // Still running when the hour comes: that turn is skipped.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toBe(2);
    release();
    stop();
    await vi.advanceTimersByTimeAsync(5 * 3_600_000);
    expect(runs).toBe(2);
  });

  it('a failure is counted for /metrics and the job runs again next hour', async () => {
    vi.useFakeTimers();
    const failed = vi.spyOn(opsMetrics, 'jobFailed');
    let runs = 0;
    const stop = startHourlyJob(
      'trash-purge',
      async () => {
        runs += 1;
        throw new Error('database away');
      },
      log,
    );
    await vi.advanceTimersByTimeAsync(60_000 + 3_600_000);
    expect(runs).toBe(2);
    expect(failed).toHaveBeenCalledWith('trash-purge');
    stop();
    failed.mockRestore();
  });
});
