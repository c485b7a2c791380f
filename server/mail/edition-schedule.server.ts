import { PgBoss } from "pg-boss";
import { bossSchema } from "#server/ingest/shared-polling.server.ts";
import { editionDue, nextSendTime } from "./send-time.server.ts";

/** pg-boss's queue of the daily edition (one job per day across every process). */
export const EDITION_QUEUE = "newsletter-edition";
/** A waiting timer looks at the clock again at least this often (a clock change, a suspended machine). */
const RECHECK_MS = 3_600_000;

export type EditionScheduleOptions = {
  /** HH:MM in each time zone. */
  at: string;
  /**
   * The zones whose editions this schedule keeps (each publication's edition goes at `at` on its
   * own clock), asked again at each look: publications come and go while the server runs.
   */
  timeZones(): readonly string[];
  /** On PostgreSQL: the job engine keeps the schedule, and one process runs each job. */
  jobQueue: { connectionString: string } | undefined;
  /** Makes the editions of the zones whose time has come (`due`); idempotent per day. */
  make(due: (timeZone: string) => boolean): Promise<unknown>;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
};

/**
 * The daily editions' clock: a timer in this process on either store, and on PostgreSQL also a
 * pg-boss cron job every quarter of an hour from the send minute (whichever process takes it; a
 * failed one is retried), which meets `at` on every zone's clock (zones differ from UTC by whole
 * quarters of an hour). A process that starts, or looks again, within CATCH_UP_MS after a zone's
 * time makes that zone's editions if none was made: the store's unique day per publication makes a
 * second attempt, from any process, change nothing.
 */
export function startEditionSchedule(options: EditionScheduleOptions): { stop(): Promise<void> } {
  const { at, log } = options;
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let boss: PgBoss | undefined;

  /** Makes the day's edition if it is due; a failure rejects (pg-boss then retries its job). */
  const run = async (why: string) => {
    if (stopped) return;
    const t = now();
    const dueIn = options.timeZones().flatMap((zone) => {
      const { due, day } = editionDue(t, at, zone);
      return due ? [{ zone, day }] : [];
    });
    if (dueIn.length === 0) return;
    const zones = dueIn.map((d) => d.zone);
    const days = [...new Set(dueIn.map((d) => d.day))];
    log.info({ day: days.join(", "), timeZones: zones.join(", "), why }, "making the day's edition");
    const due = new Set(zones);
    await options
      .make((zone) => due.has(zone))
      .catch((error) => {
        log.error({ day: days.join(", "), err: String(error) }, "the day's edition failed");
        throw error;
      });
  };

  // The process's own clock, on either store: it catches up at start, looks again at least hourly
  // (a failure at 07:00 is tried again within the catch-up window) and covers a job that found
  // this process's clock a little behind the database's.
  const arm = () => {
    if (stopped) return;
    const t = now();
    const next = Math.min(...options.timeZones().map((zone) => nextSendTime(t, at, zone).getTime()));
    const wait = Math.max(0, Math.min(RECHECK_MS, next - t.getTime()));
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
    const mm = Number(at.split(":")[1]);
    const quarters = [0, 15, 30, 45].map((q) => (mm + q) % 60).sort((a, b) => a - b);
    started = (async () => {
      await b.start();
      await b.createQueue(EDITION_QUEUE, { policy: "singleton", retryLimit: 3, retryDelay: 60 });
      await b.schedule(EDITION_QUEUE, `${quarters.join(",")} * * * *`, {}, { tz: "UTC" });
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
