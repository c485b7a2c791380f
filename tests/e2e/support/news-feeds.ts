/**
 * A local stand-in for the publishers' feeds in the browser tests: deterministic RSS for every
 * section, plus modes that misbehave. `node tests/e2e/support/news-feeds.ts` (port NEWS_FEEDS_PORT).
 *
 *   /ok/<section>.xml        15+ items, newest first; the first has a working image
 *   /broken-image/<s>.xml    as ok, but the first item's image 404s
 *   /no-image/<s>.xml        as ok, but the first item has no image
 *   /empty/<s>.xml           a valid feed with no items
 *   /fail/<s>.xml            HTTP 500
 *   /slow/<s>.xml            as ok, after SLOW_MS
 *   /hang/<s>.xml            never answers
 *   /hostile/<s>.xml         script tags, <img onerror>, javascript: links (the channel title too)
 */
import { createServer } from "node:http";
import { fixtureChannelTitle } from "#scripts/lib/feeds-config.ts";

const PORT = Number(process.env.NEWS_FEEDS_PORT ?? 4319);
const SLOW_MS = Number(process.env.SLOW_MS ?? 1500);
const BASE = `http://127.0.0.1:${PORT}`;
// Dates a fixed distance before "now", so the newest-first order is known and dates look recent.
const HOUR = 3600_000;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Item = {
  title: string;
  description: string;
  link: string;
  image?: string;
  hoursAgo: number;
  words: number;
  /** The publisher's <category> tags. */
  categories: string[];
};

export function items(section: string, mode: string): Item[] {
  const list: Item[] = [];
  for (let i = 1; i <= 16; i++) {
    list.push({
      title: `${section} fixture headline ${i}`,
      description: `Summary of ${section} story ${i}: grid batteries, charging corridors and electric city buses in plain words.`,
      link: `https://news.example/${section}/${i}`,
      image: i % 3 === 1 ? `${BASE}/img/${section}-${i}.svg` : undefined,
      hoursAgo: i * 2,
      words: 200 * i,
      // Odd items are tagged twice, every fourth once, the rest not at all.
      categories: i % 2 === 1 ? ["Charging", "Grid"] : i % 4 === 0 ? ["Batteries"] : [],
    });
  }
  const first = list[0] as Item;
  if (mode === "broken-image") first.image = `${BASE}/missing/${section}.png`;
  if (mode === "no-image") first.image = undefined;
  if (mode === "hostile") {
    first.title = `<script>window.__pwned=1</script>Hostile <img src=x onerror="window.__pwned=2"> ${section} title`;
    first.description = `<img src=x onerror="window.__pwned=3">Hostile description <script>alert(1)</script>`;
    first.link = "javascript:window.__pwned=4";
    first.categories = ['<script>window.__pwned=5</script><img src=x onerror="window.__pwned=6">Hostile tag'];
    (list[1] as Item).link = "javascript:alert(1)";
    (list[2] as Item).title = "&lt;b&gt;escaped markup&lt;/b&gt; stays text";
  }
  return mode === "empty" ? [] : list;
}

/** The channel's title: a hostile feed's carries markup and a script, which must reach pages as text. */
const channelTitle = (section: string, mode: string) =>
  mode === "hostile"
    ? `<script>window.__pwned=7</script>Hostile <b>${section}</b> &lt;i&gt;Courier&lt;/i&gt;`
    : fixtureChannelTitle(section);

function rss(section: string, mode: string): string {
  const now = Date.now();
  const body = items(section, mode)
    .map((it) => {
      const content = Array.from({ length: it.words }, () => "word").join(" ");
      return `<item>
  <title>${esc(it.title)}</title>
  <link>${esc(it.link)}</link>
  <guid isPermaLink="false">${section}-${mode}-${esc(it.title).slice(0, 60)}</guid>
  <description>${esc(it.description)}</description>
  <content:encoded><![CDATA[<p>${content}</p>]]></content:encoded>
  <pubDate>${new Date(now - it.hoursAgo * HOUR).toUTCString()}</pubDate>
  <dc:creator>Fixture Reporter</dc:creator>
  ${it.categories.map((c) => `<category>${esc(c)}</category>`).join("")}
  ${it.image ? `<media:content url="${esc(it.image)}" medium="image" type="image/svg+xml"/>` : ""}
</item>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>${esc(channelTitle(section, mode))}</title><link>https://news.example/${section}</link><description>Fixture</description>
${body}
</channel></rss>`;
}

const svg = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="#0b6b4f"/><text x="320" y="190" font-size="40" text-anchor="middle" fill="#fff">${esc(label)}</text></svg>`;

const server = createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (path === "/healthz") return void res.end("ok");
  const img = /^\/img\/([\w-]+)\.svg$/.exec(path);
  if (img) {
    res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" });
    return void res.end(svg(img[1] ?? ""));
  }
  const feed = /^\/(ok|broken-image|no-image|empty|fail|slow|hang|hostile)\/(\w+)\.xml$/.exec(path);
  if (!feed) return void res.writeHead(404).end("not found");
  const [, mode = "ok", section = ""] = feed;
  if (mode === "fail") return void res.writeHead(500).end("fixture failure");
  if (mode === "hang") return;
  const send = () => {
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" });
    res.end(rss(section, mode));
  };
  if (mode === "slow") setTimeout(send, SLOW_MS);
  else send();
});

server.listen(PORT, "127.0.0.1", () => console.log(`news feeds fixture on ${BASE}`));
