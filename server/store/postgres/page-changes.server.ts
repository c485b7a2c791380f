import pg from "pg";

/** The NOTIFY channel; its payload is a JSON array of the section keys whose articles changed. */
export const PAGE_CHANGES_CHANNEL = "evnews_page_changes";

/** Longest wait between two attempts to listen again after the connection dropped. */
const MAX_RECONNECT_MS = 30_000;

export type PageChanges = {
  /** Tells every process listening on this database (this one too) that these sections changed. */
  publish(sections: readonly string[]): Promise<void>;
  /** Resolves once the listener is connected (the first time). */
  listening(): Promise<void>;
  close(): Promise<void>;
};

export type PageChangesOptions = {
  /**
   * Called with the changed sections of each notification; with `undefined` after the listening
   * connection was re-established (notifications sent meanwhile are lost, so everything is stale).
   */
  onChange: (sections: string[] | undefined) => void;
  onError?: (error: Error) => void;
};

/**
 * Cross-process page-cache invalidation over PostgreSQL LISTEN/NOTIFY: one dedicated connection
 * listens (re-established, with a growing delay, when it drops); notifications go out through a
 * one-connection pool.
 */
export function openPageChanges(databaseUrl: string, { onChange, onError }: PageChangesOptions): PageChanges {
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 30_000 });
  sender.on("error", () => {});
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;
  let firstListen: (() => void) | undefined;
  const first = new Promise<void>((resolve) => {
    firstListen = resolve;
  });
  let everListened = false;

  function retry(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void listen();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RECONNECT_MS);
  }

  async function listen(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
    client = c;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (error && !closed) onError?.(error);
      c.removeAllListeners("notification");
      void c.end().catch(() => {});
      if (client === c) client = undefined;
      retry();
    };
    c.on("error", drop);
    c.on("end", () => drop());
    c.on("notification", (message) => {
      if (message.channel !== PAGE_CHANGES_CHANNEL) return;
      try {
        const sections = JSON.parse(message.payload ?? "[]") as unknown;
        if (Array.isArray(sections)) onChange(sections.filter((s): s is string => typeof s === "string"));
      } catch {
        onChange(undefined);
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PAGE_CHANGES_CHANNEL}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) return void c.end().catch(() => {});
    retryMs = 500;
    if (everListened) onChange(undefined);
    everListened = true;
    firstListen?.();
  }

  void listen();

  return {
    async publish(sections) {
      await sender.query("SELECT pg_notify($1, $2)", [PAGE_CHANGES_CHANNEL, JSON.stringify([...sections])]);
    },
    listening: () => first,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      firstListen?.();
      await client?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}

/** One notification from a short-lived process (the CLI's refresh): these sections changed. */
export async function notifyPageChanges(databaseUrl: string, sections: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("SELECT pg_notify($1, $2)", [PAGE_CHANGES_CHANNEL, JSON.stringify([...sections])]);
  } finally {
    await client.end().catch(() => {});
  }
}
