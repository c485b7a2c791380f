/**
 * Test and benchmark support: realistic feeds generated in code (sizes the hand-written fixtures
 * cannot reach, such as a 1,000-item feed). Deterministic: the same options give the same XML.
 */
const SUBJECTS = [
  "The regional grid operator",
  "A new fast-charging corridor",
  "The city's electric bus fleet",
  "A battery start-up",
  "State regulators",
  "The largest carmaker in Europe",
  "A coalition of utilities",
  "The national charging network",
  "A study from the university's energy lab",
  "Local delivery companies",
];
const VERBS = [
  "reported record demand for",
  "announced plans to expand",
  "warned of delays to",
  "cut the price of",
  "opened bidding for",
  "published new figures on",
  "secured funding for",
  "began testing",
];
const OBJECTS = [
  "overnight charging at apartment blocks",
  "solid-state battery cells",
  "vehicle-to-grid pilots",
  "megawatt chargers for lorries",
  "second-life battery storage",
  "curbside chargers on residential streets",
  "heat pumps in electric vans",
  "sodium-ion packs for city cars",
];
const TAILS = [
  "according to documents seen this week.",
  "with work expected to start before the end of the year.",
  "after months of negotiations with suppliers.",
  "in a move analysts described as overdue.",
  "though critics say the timetable is optimistic.",
  "as drivers continue to switch in growing numbers.",
];

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

/** A headline-length sentence, cut at a word boundary. */
export function headline(n: number, max = 72): string {
  const s = sentence(n);
  if (s.length <= max) return s;
  return s.slice(0, max).replace(/[ ,]+\S*$/, "");
}

export function sentence(n: number): string {
  return `${pick(SUBJECTS, n)} ${pick(VERBS, n * 7 + 3)} ${pick(OBJECTS, n * 5 + 1)}, ${pick(TAILS, n * 3 + 2)}`;
}

function paragraphs(seed: number, words: number): string {
  const out: string[] = [];
  let count = 0;
  for (let k = 0; count < words; k++) {
    const p = [sentence(seed + k), sentence(seed + k + 11), sentence(seed + k + 23)].join(" ");
    count += p.split(" ").length;
    out.push(`<p>${p.replace(/&/g, "&amp;")}</p>`);
  }
  return out.join("\n");
}

export type GenerateOptions = {
  items: number;
  /** Words of content:encoded / Atom content per item; 0 leaves it out. */
  contentWords?: number;
  /** Site the links point to. */
  site?: string;
  /** Newest item's date; items are spaced `spacingMinutes` apart going back. */
  newest?: Date;
  spacingMinutes?: number;
  title?: string;
  /** Prefix of guids (unique per feed). */
  guidPrefix?: string;
};

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function generateRss(options: GenerateOptions): string {
  const site = options.site ?? "https://generated.example";
  const newest = (options.newest ?? new Date("2024-05-14T12:00:00Z")).getTime();
  const spacing = (options.spacingMinutes ?? 37) * 60_000;
  const prefix = options.guidPrefix ?? "gen";
  const items: string[] = [];
  for (let i = 0; i < options.items; i++) {
    const date = new Date(newest - i * spacing).toUTCString();
    const content = options.contentWords
      ? `\n      <content:encoded><![CDATA[${paragraphs(i, options.contentWords)}]]></content:encoded>`
      : "";
    const image =
      i % 3 === 0
        ? `\n      <media:content url="${site}/images/${i}.jpg" medium="image" width="1200" height="675"/>`
        : i % 3 === 1
          ? `\n      <enclosure url="${site}/images/${i}.jpg" type="image/jpeg" length="51200"/>`
          : "";
    items.push(`    <item>
      <title>${escapeXml(`${headline(i)} (${i + 1})`)}</title>
      <link>${site}/news/${prefix}-${i}</link>
      <guid isPermaLink="false">${prefix}-${i}</guid>
      <pubDate>${date}</pubDate>
      <dc:creator>${pick(["Maya Okafor", "Luis Fernández", "Priya Raman", "Tom Becker"], i)}</dc:creator>
      <category>${pick(["Charging", "Batteries", "Policy", "Transit"], i)}</category>
      <description>${escapeXml(`<p>${sentence(i + 5)}</p>`)}</description>${content}${image}
    </item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${escapeXml(options.title ?? "Generated News")}</title>
    <link>${site}/</link>
    <description>Generated for tests and benchmarks</description>
${items.join("\n")}
  </channel>
</rss>
`;
}

export function generateAtom(options: GenerateOptions): string {
  const site = options.site ?? "https://generated.example";
  const newest = (options.newest ?? new Date("2024-05-14T12:00:00Z")).getTime();
  const spacing = (options.spacingMinutes ?? 41) * 60_000;
  const prefix = options.guidPrefix ?? "atom";
  const entries: string[] = [];
  for (let i = 0; i < options.items; i++) {
    const date = new Date(newest - i * spacing).toISOString();
    const content = options.contentWords
      ? `\n    <content type="html">${escapeXml(paragraphs(i + 2, options.contentWords))}</content>`
      : "";
    entries.push(`  <entry>
    <title type="html">${escapeXml(headline(i + 9))}</title>
    <link rel="alternate" type="text/html" href="${site}/posts/${i}"/>
    <id>tag:generated.example,2024:${prefix}-${i}</id>
    <published>${date}</published>
    <updated>${date}</updated>
    <author><name>${pick(["Priya Raman", "Tom Becker"], i)}</name></author>
    <summary type="html">${escapeXml(`<p>${sentence(i + 4)}</p>`)}</summary>${content}
    <media:thumbnail url="${site}/thumbs/${i}.jpg"/>
  </entry>`);
  }
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <title>${escapeXml(options.title ?? "Generated Atom")}</title>
  <link rel="alternate" href="${site}/"/>
  <id>tag:generated.example,2024:${prefix}</id>
  <updated>${new Date(newest).toISOString()}</updated>
${entries.join("\n")}
</feed>
`;
}

export function generateRdf(options: GenerateOptions): string {
  const site = options.site ?? "https://generated.example";
  const newest = (options.newest ?? new Date("2024-05-14T12:00:00Z")).getTime();
  const spacing = (options.spacingMinutes ?? 53) * 60_000;
  const items: string[] = [];
  for (let i = 0; i < options.items; i++) {
    const url = `${site}/digest/${i}`;
    items.push(`  <item rdf:about="${url}">
    <title>${escapeXml(headline(i + 13))}</title>
    <link>${url}</link>
    <description>${escapeXml(sentence(i + 2))}</description>
    <dc:creator>Digest staff</dc:creator>
    <dc:date>${new Date(newest - i * spacing).toISOString()}</dc:date>
  </item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="${site}/">
    <title>${escapeXml(options.title ?? "Generated Digest")}</title>
    <link>${site}/</link>
    <description>Generated RDF</description>
  </channel>
${items.join("\n")}
</rdf:RDF>
`;
}
