import { z } from "zod";
import { parseMailbox } from "./mail/compose.server.ts";
import { parseSmtpUrl } from "./mail/smtp-pool.server.ts";
import { redactUrl } from "./store/open.server.ts";

/** LOG_FORMAT's values; the logger (logger.server.ts) reads the setting itself, before config. */
export const LOG_FORMATS = ["auto", "json", "text"] as const;

/**
 * Configuration comes from the environment and is validated once at start: a bad value stops the
 * server with a message naming the variable, rather than failing later at some request.
 */
const port = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be between 1 and 65535")
  .max(65535, "must be between 1 and 65535");

const onOff = z.enum(["on", "off"], { error: 'must be "on" or "off"' });

const portList = z.string().transform((text, ctx) => {
  const parts = text.split(",").map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,5}$/.test(p) && Number(p) >= 1 && Number(p) <= 65535)) {
    ctx.addIssue({ code: "custom", message: "must be a comma-separated list of ports such as 8076,8080" });
    return z.NEVER;
  }
  return [...new Set(parts.map(Number))];
});

function isHttpUrl(text: string): boolean {
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === "http:" || protocol === "https:") && hostname !== "";
  } catch {
    return false;
  }
}

function isPostgresUrl(text: string): boolean {
  try {
    const { protocol, hostname, pathname } = new URL(text);
    return (protocol === "postgres:" || protocol === "postgresql:") && (hostname !== "" || pathname !== "");
  } catch {
    return false;
  }
}

/** Who may read the health details: anyone, no one, or a request that carries this token. */
const healthDetails = z.string().refine((v) => v === "on" || v === "off" || /^[\w.~+/=-]{16,200}$/.test(v), {
  error: 'must be "on", "off" or a token of 16 to 200 letters, digits or ._~+/=-',
});

/** Values never echoed back in an error message (a URL's password, a token). */
function shown(name: string, value: string): string {
  if (name === "HEALTH_DETAILS")
    return value === "on" || value === "off" ? JSON.stringify(value) : "a value not shown";
  // A URL with a path may hold an unencoded password there: not shown at all.
  if (name === "SMTP_URL")
    return URL.parse(value)?.pathname.replace(/^\/$/, "")
      ? "a value not shown"
      : JSON.stringify(redactUrl(value));
  if (name !== "DATABASE_URL") return JSON.stringify(value);
  try {
    const u = new URL(value);
    if (u.password) u.password = "***";
    return JSON.stringify(u.toString());
  } catch {
    return "an unreadable URL";
  }
}

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL such as https://news.example" })
    .optional(),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  /** PostgreSQL instead of SQLite in DATA_DIR (several processes on one database). */
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, {
      error:
        "must be a PostgreSQL URL such as postgres://user:password@127.0.0.1:5432/evnews (postgres:// or postgresql://)",
    })
    .optional(),
  /**
   * What this process does: "web" serves pages and never polls feeds, "ingest" polls feeds and
   * answers only /healthz, "all" both. Several processes need DATABASE_URL (checked below).
   */
  ROLE: z.enum(["web", "ingest", "all"], { error: 'must be "web", "ingest" or "all"' }).default("all"),
  /** Behind a reverse proxy: "on", a hop count, or addresses/subnets to trust for X-Forwarded-For. */
  TRUST_PROXY: z.string().max(500, "must be at most 500 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** JSON lines, readable text, or auto: text at a terminal, JSON otherwise (logger.server.ts). */
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: 'must be "auto", "json" or "text"' }).default("auto"),
  FEEDS_CONFIG: z.string().min(1, "must not be empty").optional(),
  /**
   * One folder per publication, served by host name (server/publications/); unset, the bundled
   * site (content/) is the one publication, on every host.
   */
  PUBLICATIONS_DIR: z.string().min(1, "must not be empty").optional(),
  /** The publication (its folder's name) that answers hosts no publication names; unset: 404. */
  DEFAULT_PUBLICATION: z
    .string()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/,
      "must be a publication's folder name, such as harbour-courier",
    )
    .optional(),
  /** How often PUBLICATIONS_DIR is checked for new, changed or removed folders (SIGHUP: at once). */
  PUBLICATIONS_RELOAD_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(30),
  FEED_REFRESH_MINUTES: z.coerce
    .number({ error: "must be a number" })
    .positive("must be more than 0")
    .max(24 * 60, "must be at most 1440")
    .default(10),
  SAMPLE_FALLBACK: onOff.default("on"),
  ARTICLE_RETENTION_DAYS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number of days")
    .min(1, "must be at least 1")
    .max(3650, "must be at most 3650")
    .default(30),
  FEEDS_INGEST: z.enum(["worker", "inline"], { error: 'must be "worker" or "inline"' }).default("worker"),
  /** The ingest worker's nice value (Linux, per thread): readers' requests go first for the cores. */
  INGEST_NICE: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(19, "must be at most 19")
    .default(10),
  /** How long a rendered home or section page is reused (0 turns the page cache off). */
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(3600, "must be at most 3600")
    .default(60),
  /**
   * What the page cache may hold, in MiB (least recently used pages leave first); unset: a
   * twentieth of the heap limit, at most 64 MiB.
   */
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(4096, "must be at most 4096")
    .optional(),
  /**
   * /api/health/feeds (each feed's state, the store's, the last cycle): "on" for anyone (the
   * default), "off" (404), or a token it then asks for (Authorization: Bearer <token> or ?token=).
   * /healthz and /readyz stay open for load balancers.
   */
  HEALTH_DETAILS: healthDetails.default("on"),
  /** Enables routes that exist only for the end-to-end tests (a deliberate rendering failure). */
  ENABLE_TEST_ROUTES: onOff.default("off"),
  /** Let /img relay images from loopback and private networks (local fixture publishers only). */
  IMAGE_PROXY_ALLOW_PRIVATE: onOff.default("off"),
  /** Let feed fetches reach loopback and private networks (local fixture publishers only). */
  FEEDS_ALLOW_PRIVATE: onOff.default("off"),
  /** The radio station's stream, e.g. http://radio.example:{port}/stream; `{port}` is the listener's port. */
  RADIO_STREAM_URL: z
    .string()
    .refine((url) => isHttpUrl(url.replaceAll("{port}", "8076")), {
      error: "must be an http(s) URL such as http://radio.example:{port}/stream",
    })
    .optional(),
  /** The only ports /api/stream relays, so it can never be an open proxy. */
  RADIO_ALLOWED_PORTS: portList.default([8076]),
  RADIO_MAX_LISTENERS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(200),
  /** Radio streams one client (address) may hold at once, so one client cannot take every place. */
  RADIO_MAX_PER_CLIENT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(3),
  /** The AI FAQ service's endpoint and model; content/site.ts names the defaults (tests use a mock). */
  AI_FAQ_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL such as https://ai.example/v1" })
    .optional(),
  AI_FAQ_MODEL: z.string().max(100, "must be at most 100 characters").optional(),
  /** Contact messages one client may send per window; 0 turns the limit off (the e2e server does). */
  CONTACT_RATE_LIMIT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 (off) or more")
    .default(5),
  /** Newsletter sign-ups one client may send per 10 minutes; 0 turns the limit off (the e2e server does). */
  NEWSLETTER_RATE_LIMIT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 (off) or more")
    .default(5),
  /**
   * Searches one client may run per minute (only those the search cache cannot answer); 0 turns
   * the limit off (the e2e server does). A broad search ranks thousands of rows.
   */
  SEARCH_RATE_LIMIT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 (off) or more")
    .default(30),
  /** Mail goes through this SMTP server (smtp:// or smtps://); unset, it is written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .superRefine((url, ctx) => {
      try {
        parseSmtpUrl(url);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .optional(),
  /** The sender of every mail, "Name <address>"; unset: the site's name and newsroom address. */
  MAIL_FROM: z
    .string()
    .refine((text) => parseMailbox(text) !== undefined, {
      error: 'must be one address, such as "The Electric Ledger <news@electricledger.example>"',
    })
    .optional(),
  /** When the daily edition goes out (HH:MM in the site's time zone), or "off". */
  NEWSLETTER_SEND_AT: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, {
      error: 'must be a time such as 07:00 (24-hour clock) or "off"',
    })
    .default("07:00"),
  /** Mails sent per second at most by one process (0: as fast as the mail server takes them). */
  NEWSLETTER_SEND_RATE: z.coerce
    .number({ error: "must be a number" })
    .min(0, "must be 0 (no limit) or more")
    .max(10_000, "must be at most 10000")
    .default(10),
  CONTACT_RATE_WINDOW_MINUTES: z.coerce
    .number({ error: "must be a number" })
    .positive("must be more than 0")
    .max(24 * 60, "must be at most 1440")
    .default(10),
});

export type Config = Omit<z.infer<typeof schema>, "SITE_URL"> & { SITE_URL: string };

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema
    .refine((c) => c.ROLE === "all" || c.DATABASE_URL !== undefined, {
      path: ["ROLE"],
      error:
        "web or ingest needs DATABASE_URL: processes split by role share one PostgreSQL (with SQLite, leave ROLE unset)",
    })
    .safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "config");
      const got = cleaned[name];
      return `${name} ${issue.message}${got === undefined ? "" : ` (got ${shown(name, got)})`}`;
    });
    // One line per bad variable, each whole on its own (a log line, a systemd status).
    throw new ConfigError(lines.map((line) => `Invalid configuration: ${line}`).join("\n"));
  }
  const c = result.data;
  const siteUrl = (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, "");
  return { ...c, SITE_URL: siteUrl };
}

let cached: Config | undefined;

/** The process's configuration, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
