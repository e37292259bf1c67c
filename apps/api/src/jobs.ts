import { purgeUnconfirmedSignUps } from './modules/auth/unconfirmed';
import { runPremiumJobs, type PremiumJobsContext, type PremiumJobsReport } from './modules/payments/jobs';

export type TimedJobsContext = PremiumJobsContext;

export interface TimedJobsReport extends PremiumJobsReport {
  removedSignUps: number;
}

/**
 * What happens with time rather than with a request: premium's notices and stale payments, and
 * removing sign-ups never confirmed. Each is safe to run any number of times and from several
 * processes at once.
 */
export async function runTimedJobs(ctx: TimedJobsContext, now = new Date()): Promise<TimedJobsReport> {
  const premium = await runPremiumJobs(ctx, now);
  const removedSignUps = await purgeUnconfirmedSignUps(ctx.database.db, now);
  return { ...premium, removedSignUps };
}

/** The server's timer: runs the jobs every `intervalMs`; a failed run is logged and the next one tries again. */
export function startTimedJobs(ctx: TimedJobsContext, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runTimedJobs(ctx)
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) ctx.log.info(report, 'timed jobs');
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'timed jobs failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = setTimeout(tick, Math.min(intervalMs, 10_000));
  first.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
