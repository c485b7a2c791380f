/**
 * A publisher for the fault tests, run inside the test process so a test can switch what every
 * feed does while the app serves pages:
 *
 *   ok       valid RSS; titles carry the current generation, so a test can tell old items from new
 *   down     the port refuses connections (the listener is closed)
 *   hang     accepts the request and never answers
 *   drip     sends the start of a feed, then one byte every half second, never finishing
 *   garbage  200 with 10 MB of random bytes labelled as RSS
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";

export type FaultMode = "ok" | "down" | "hang" | "drip" | "garbage";

export type FaultFeeds = {
  /** A FEEDS_CONFIG file with one feed per section on this server. */
  configFile: string;
  feedCount: number;
  /** The one feed configured for a section. */
  feedUrl(section: string): string;
  setMode(mode: FaultMode): Promise<void>;
  setGeneration(generation: number): void;
  /** Requests received in each mode (a refused connection is not counted). */
  hits(mode: FaultMode): number;
  /** Resolves once `count` complete ok-mode feeds have been sent since the last setGeneration. */
  served(count: number): Promise<void>;
  title(section: string, generation: number, index: number): string;
  stop(): Promise<void>;
};

const GARBAGE = randomBytes(10_000_000);
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function startFaultFeeds(options: { items?: number; words?: number } = {}): Promise<FaultFeeds> {
  const itemCount = options.items ?? 20;
  const words = options.words ?? 60;
  let mode: FaultMode = "ok";
  let generation = 1;
  let sent = 0;
  let waiters: Array<{ count: number; resolve: () => void }> = [];
  const hits: Record<FaultMode, number> = { ok: 0, down: 0, hang: 0, drip: 0, garbage: 0 };
  const title = (section: string, gen: number, index: number) =>
    `${section} generation ${gen} story ${index}`;

  const rss = (section: string) => {
    const now = Date.now();
    const body = Array.from({ length: words }, (_, i) => `word${i}`).join(" ");
    const items = Array.from(
      { length: itemCount },
      (_, i) => `<item><title>${esc(title(section, generation, i + 1))}</title>
<link>https://publisher.example/${section}/${generation}/${i + 1}</link>
<guid>${section}-${generation}-${i + 1}</guid>
<description>Generation ${generation} summary ${i + 1} about charging and batteries.</description>
<content:encoded><![CDATA[<p>${body}</p>]]></content:encoded>
<pubDate>${new Date(now - (i + 1) * 60_000).toUTCString()}</pubDate></item>`,
    ).join("\n");
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<title>${section}</title><link>https://publisher.example/${section}</link><description>Fault fixture</description>
${items}</channel></rss>`;
  };

  const sockets = new Set<import("node:net").Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const drip = (res: ServerResponse) => {
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.write('<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>');
    const timer = setInterval(() => res.write("a"), 500);
    timers.add(timer);
    res.on("close", () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  };

  const server = createServer((req, res) => {
    hits[mode] += 1;
    const section = /^\/feeds\/(\w+)\.xml$/.exec(req.url ?? "")?.[1];
    if (!section) return void res.writeHead(404).end();
    if (mode === "hang") return;
    if (mode === "drip") return drip(res);
    if (mode === "garbage") {
      res.writeHead(200, { "content-type": "application/rss+xml", "content-length": GARBAGE.length });
      return void res.end(GARBAGE);
    }
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(rss(section), () => {
      sent += 1;
      for (const w of waiters) if (sent >= w.count) w.resolve();
      waiters = waiters.filter((w) => sent < w.count);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });

  const port = await listen();
  const feedUrl = (section: string) => `http://127.0.0.1:${port}/feeds/${section}.xml`;
  const config = Object.fromEntries(FEED_SECTION_KEYS.map((key) => [key, [feedUrl(key)]]));
  const configFile = path.join(tmpdir(), `fault-feeds-${process.pid}-${port}.json`);
  writeFileSync(configFile, JSON.stringify(config));

  return {
    configFile,
    feedCount: FEED_SECTION_KEYS.length,
    feedUrl,
    async setMode(next) {
      mode = next;
      if (next === "down") await close();
      else if (!server.listening) await listen(port);
    },
    setGeneration(next) {
      generation = next;
      sent = 0;
    },
    hits: (m) => hits[m],
    served: (count) =>
      new Promise<void>((resolve) => {
        if (sent >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    title,
    stop: async () => {
      for (const t of timers) clearInterval(t);
      await close();
    },
  };
}

/**
 * Readers while the publishers misbehave: five at a time, reading the home page, two sections, the
 * API and search over and over, each page expected with its stored headline, until stop(). A page
 * answered otherwise (or not within `timeoutMs`) is a failure.
 */
export function keepReading(
  baseUrl: string,
  stored: (section: string) => string,
  timeoutMs: number,
): { stop(): Promise<{ answered: number; failures: string[] }> } {
  const pages = [
    { path: "/", expect: stored("local") },
    { path: "/technology", expect: stored("technology") },
    { path: "/world", expect: stored("world") },
    { path: "/api/articles?section=world", expect: stored("world") },
    { path: "/search?q=generation", expect: "generation" },
  ];
  let reading = true;
  let answered = 0;
  const failures: string[] = [];
  const reader = async () => {
    for (let i = 0; reading; i++) {
      const p = pages[i % pages.length] as (typeof pages)[number];
      try {
        const res = await fetch(baseUrl + p.path, { signal: AbortSignal.timeout(timeoutMs) });
        const text = await res.text();
        if (res.status !== 200 || !text.includes(p.expect)) failures.push(`${p.path}: ${res.status}`);
        else answered += 1;
      } catch (error) {
        failures.push(`${p.path}: ${(error as Error).message}`);
      }
    }
  };
  const readers = Array.from({ length: 5 }, reader);
  return {
    async stop() {
      reading = false;
      await Promise.all(readers);
      return { answered, failures };
    },
  };
}
