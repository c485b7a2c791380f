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
 * The daily edition's clock. On SQLite a timer in this process; on PostgreSQL a pg-boss cron job
 * (one job per day, whichever process takes it). Either way a process that starts within
 * CATCH_UP_MS after the time sends the day's edition if none was made (the store's unique day
 * makes a second attempt, from any process, change nothing).
 */
export function startEditionSchedule(options: EditionScheduleOptions): { stop(): Promise<void> } {
  const { at, timeZone, log } = options;
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let boss: PgBoss | undefined;

  const run = async (why: string) => {
    if (stopped) return;
    const { due, day } = editionDue(now(), at, timeZone);
    if (!due) return;
    log.info({ day, why }, "making the day's edition");
    await options.make().catch((error) => log.error({ day, err: String(error) }, "the day's edition failed"));
  };

  const arm = () => {
    if (stopped) return;
    const wait = Math.max(
      0,
      Math.min(RECHECK_MS, nextSendTime(now(), at, timeZone).getTime() - now().getTime()),
    );
    timer = setTimeout(() => {
      void run("its time").finally(arm);
    }, wait + 1000);
    timer.unref();
  };

  void run("catching up at start");
  if (options.jobQueue) {
    const url = options.jobQueue.connectionString;
    const b = new PgBoss({ connectionString: url, schema: bossSchema(url), max: 2 });
    boss = b;
    b.on("error", (error) =>
      log.error({ err: String((error as Error)?.message ?? error) }, "edition schedule error"),
    );
    const [hh, mm] = at.split(":").map(Number);
    void (async () => {
      await b.start();
      await b.createQueue(EDITION_QUEUE, { policy: "singleton", retryLimit: 3, retryDelay: 60 });
      await b.schedule(EDITION_QUEUE, `${mm} ${hh} * * *`, {}, { tz: timeZone });
      await b.work(EDITION_QUEUE, async () => run("the scheduled job"));
    })().catch((error) => log.error({ err: String(error) }, "could not start the edition schedule"));
  } else {
    arm();
  }
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await boss?.stop({ graceful: true, timeout: 5000 }).catch(() => {});
    },
  };
}
