import { PgBoss } from "pg-boss";
import { bossSchema } from "#server/ingest/shared-polling.server.ts";
import { editionDue, nextSendTime } from "./send-time.server.ts";

/** pg-boss's queue of the daily edition (one job per day across every process). */
export const EDITION_QUEUE = "newsletter-edition";
/** A waiting timer looks at the clock again at least this often (a clock change, a suspended machine). */
const RECHECK_MS = 3_600_000;

export type EditionScheduleOptions = {
  /** HH:MM in `timeZone`. */
  at: string;
  timeZone: string;
  /** On PostgreSQL: the job engine keeps the schedule, and one process runs each day's job. */
  jobQueue: { connectionString: string } | undefined;
  make(): Promise<unknown>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
};

/**
 * The daily edition's clock: a timer in this process on either store, and on PostgreSQL also a
 * pg-boss cron job (one job a day, whichever process takes it; a failed one is retried). A process
 * that starts, or looks again, within CATCH_UP_MS after the time makes the day's edition if none was
 * made: the store's unique day makes a second attempt, from any process, change nothing.
 */
export function startEditionSchedule(options: EditionScheduleOptions): { stop(): Promise<void> } {
  const { at, timeZone, log } = options;
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let boss: PgBoss | undefined;

  /** Makes the day's edition if it is due; a failure rejects (pg-boss then retries its job). */
  const run = async (why: string) => {
    if (stopped) return;
    const { due, day } = editionDue(now(), at, timeZone);
    if (!due) return;
    log.info({ day, why }, "making the day's edition");
    await options.make().catch((error) => {
      log.error({ day, err: String(error) }, "the day's edition failed");
      throw error;
    });
  };

  // The process's own clock, on either store: it catches up at start, looks again at least hourly
  // (a failure at 07:00 is tried again within the catch-up window) and covers a job that found
  // this process's clock a little behind the database's.
  const arm = () => {
    if (stopped) return;
    const wait = Math.max(
      0,
      Math.min(RECHECK_MS, nextSendTime(now(), at, timeZone).getTime() - now().getTime()),
    );
    timer = setTimeout(() => {
      void run("its time")
        .catch(() => {})
        .finally(arm);
    }, wait + 1000);
    timer.unref();
  };

  void run("catching up at start").catch(() => {});
  arm();
  let started: Promise<unknown> = Promise.resolve();
  if (options.jobQueue) {
    const url = options.jobQueue.connectionString;
    const b = new PgBoss({ connectionString: url, schema: bossSchema(url), max: 2 });
    boss = b;
    b.on("error", (error) =>
      log.error({ err: String((error as Error)?.message ?? error) }, "edition schedule error"),
    );
    const [hh, mm] = at.split(":").map(Number);
    started = (async () => {
      await b.start();
      await b.createQueue(EDITION_QUEUE, { policy: "singleton", retryLimit: 3, retryDelay: 60 });
      await b.schedule(EDITION_QUEUE, `${mm} ${hh} * * *`, {}, { tz: timeZone });
      await b.work(EDITION_QUEUE, async () => run("the scheduled job"));
    })().catch((error) => log.error({ err: String(error) }, "could not start the edition schedule"));
  }
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // pg-boss stopped while it starts would keep running.
      await started;
      await boss?.stop({ graceful: true, timeout: 5000 }).catch(() => {});
    },
  };
}
