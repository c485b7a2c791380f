import { describe, expect, it } from "vitest";
import type { StoredMessage } from "#server/store/store.ts";
import type { EditionContent } from "../edition-content.server.ts";
import {
  type MailSite,
  renderConfirmation,
  renderEdition,
  renderNewsroomNotification,
  SUBJECT_MAX,
  subjectLine,
  UNSUBSCRIBE_PLACEHOLDER,
} from "./render.server.ts";

/** Made-up but realistic content for the templates' tests and for looking at a rendered edition. */
const SAMPLE_SITE: MailSite = {
  name: "The Electric Ledger",
  tagline: "Electric vehicles, charging and sustainable transport, plus the news that matters at home",
  siteUrl: "https://electricledger.example",
  timeZone: "America/New_York",
  newsroomEmail: "newsroom@electricledger.example",
};

const BLOCKS: Array<[string, string, Array<[string, string]>]> = [
  [
    "local",
    "Local News",
    [
      ["City council approves 40 new curbside chargers for residential streets", "The Daily Courier"],
      ["Transit authority's first electric buses enter service on Route 12", "Metro Tribune"],
      ["Library branch reopens after a summer of solar roof work", "The Daily Courier"],
      ["School board weighs later start times for high schools next fall", "Eastside Gazette"],
      ["Farmers market moves indoors for the winter season", "Metro Tribune"],
    ],
  ],
  [
    "national",
    "National News",
    [
      ["Senate committee advances bill to fund rural charging corridors", "Associated Press"],
      ["Grid operators warn of tight supply during the coming cold snap", "Reuters"],
      ["Federal regulators open review of battery recycling standards", "NPR"],
      ["Thanksgiving travel sets a record at the nation's airports", "Associated Press"],
      ["Supreme Court hears arguments on state emissions waivers", "Reuters"],
    ],
  ],
  [
    "world",
    "World News",
    [
      ["European Union agrees on common plug standard for heavy trucks", "BBC News"],
      ["Norway's share of electric car sales passes 95 percent", "Reuters"],
      ["Climate talks enter final week with finance deal still open", "The Guardian"],
      ["Japan's automakers form alliance on solid-state battery supply", "Nikkei Asia"],
      ["Chile expands lithium output under new state partnership", "Al Jazeera"],
    ],
  ],
  [
    "technology",
    "Technology & Innovation",
    [
      ["Sodium-ion cells reach cars sold in Europe for the first time", "Ars Technica"],
      ["Bidirectional charging pilot powers 200 homes during an outage", "The Verge"],
      ["Researchers double the life of fast-charged lithium iron phosphate cells", "MIT News"],
      ["Charging networks adopt one app standard for payment and roaming", "TechCrunch"],
      ["Why heat pumps in EVs matter more than battery size in winter", "Wired"],
    ],
  ],
  [
    "business",
    "Business & Finance",
    [
      ["Automaker raises its forecast as electric deliveries climb 38 percent", "Bloomberg"],
      ["Battery maker breaks ground on a $2.1 billion plant in Georgia", "The Wall Street Journal"],
      ["Used electric car prices steady after a two-year slide", "CNBC"],
      ["Utility shares rise on data center and charging demand", "Financial Times"],
      ["Rental company adds 10,000 electric vans to its fleet", "Bloomberg"],
    ],
  ],
  [
    "politics",
    "Politics & Government",
    [
      ["Governor signs executive order on state fleet electrification", "Politico"],
      ["House votes to extend the used-EV tax credit through 2028", "The Hill"],
      ["Mayors' coalition asks Congress for curbside charging grants", "Politico"],
      ["State legislature debates road-use fee for electric vehicles", "Stateline"],
      ["Election officials certify results in three close county races", "The Hill"],
    ],
  ],
];

const SAMPLE_EDITION: EditionContent = {
  day: "2026-11-26",
  dateLabel: "Thursday, November 26, 2026",
  blocks: BLOCKS.map(([key, name, headlines]) => ({
    key,
    name,
    headlines: headlines.map(([title, publisher], i) => ({
      title,
      link: `https://news.example/${key}/${i + 1}-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
      publisher,
    })),
  })),
  post: {
    title: "What a winter road trip taught us about charging curves",
    url: "https://electricledger.example/blog/winter-road-trip-charging",
    description:
      "Three cars, 1,200 miles and twelve fast chargers in freezing weather: where the minutes went and what to plan for.",
  },
};

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/** The href of every <a> in the html, in order. */
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);

describe("renderEdition", () => {
  it("has a plain subject with the date and the first headline", async () => {
    const mail = await renderEdition(SAMPLE_EDITION, SAMPLE_SITE);
    expect(mail.subject).toBe(
      "The Electric Ledger — Thursday, November 26, 2026: City council approves 40 new curbside chargers for residential…",
    );
    expect(mail.subject.length).toBeLessThanOrEqual(SUBJECT_MAX);
  });

  it("cuts a long subject at SUBJECT_MAX and keeps it on one line", async () => {
    const long = structuredClone(SAMPLE_EDITION);
    const first = long.blocks[0]?.headlines[0];
    if (first) first.title = `Breaking:\n${"a very long headline ".repeat(10)}`;
    const mail = await renderEdition(long, SAMPLE_SITE);
    expect(mail.subject.length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(mail.subject.length).toBeGreaterThan(SUBJECT_MAX - 20);
    expect(mail.subject).toMatch(/^The Electric Ledger — Thursday, November 26, 2026: Breaking: a very long/);
    expect(mail.subject).toMatch(/ headline…$| a very…$| long…$/);
    expect(mail.subject).not.toMatch(/\n/);
  });

  it("has the masthead, a preview, every block and headline with its publisher, and the post", async () => {
    const mail = await renderEdition(SAMPLE_EDITION, SAMPLE_SITE);
    expect(mail.html).toMatch(/<html[^>]* lang="en-US"/);
    expect(mail.html).toContain('data-skip-in-text="true">City council approves');
    for (const block of SAMPLE_EDITION.blocks) {
      expect(mail.html).toContain(`>${block.name.replace("&", "&amp;")}</h2>`);
      for (const h of block.headlines) {
        expect(mail.html).toContain(`href="${h.link}"`);
        expect(mail.text).toContain(`${h.title}\n${h.link}\n${h.publisher}\n`);
        expect(mail.text).toContain(h.publisher);
      }
    }
    expect(mail.html).toContain("From our newsroom");
    expect(mail.text).toContain(`${SAMPLE_EDITION.post?.title}\n${SAMPLE_EDITION.post?.url}\n`);
    expect(mail.text).toContain(`Read the post ${SAMPLE_EDITION.post?.url}`);
    expect(mail.text).toContain("Technology & Innovation");
    expect(mail.text).not.toMatch(/LOCAL NEWS/);
  });

  it("puts the unsubscribe placeholder in the footer's Unsubscribe link, once in html and text", async () => {
    const mail = await renderEdition(SAMPLE_EDITION, SAMPLE_SITE);
    expect(count(mail.html, UNSUBSCRIBE_PLACEHOLDER)).toBe(1);
    expect(mail.html).toMatch(
      new RegExp(`<a href="${UNSUBSCRIBE_PLACEHOLDER}"[^>]*>Unsubscribe</a>`.replaceAll(".", "\\.")),
    );
    expect(count(mail.text, UNSUBSCRIBE_PLACEHOLDER)).toBe(1);
    expect(mail.text).toContain(`Unsubscribe ${UNSUBSCRIBE_PLACEHOLDER}`);
    // The footer says why the mail came and links the site.
    expect(mail.text).toContain("You get this mail because you subscribed");
    expect(hrefs(mail.html).at(-1)).toBe(SAMPLE_SITE.siteUrl);
  });

  it("escapes feed text in the html and keeps it readable in the text", async () => {
    const content: EditionContent = {
      ...SAMPLE_EDITION,
      blocks: [
        {
          key: "local",
          name: "Local News",
          headlines: [
            {
              title: 'Fish & chips <script>alert("x")</script>',
              link: "https://news.example/a?b=1&c=2",
              publisher: "<b>Bold</b> & Co",
            },
          ],
        },
      ],
    };
    const mail = await renderEdition(content, SAMPLE_SITE);
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("Fish &amp; chips &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;b&gt;Bold&lt;/b&gt; &amp; Co");
    expect(mail.html).toContain('href="https://news.example/a?b=1&amp;c=2"');
    expect(mail.text).toContain(
      'Fish & chips <script>alert("x")</script>\nhttps://news.example/a?b=1&c=2\n<b>Bold</b> & Co',
    );
    expect(mail.subject).toContain('Fish & chips <script>alert("x")</script>');
  });

  it("shows a headline without a link as plain text", async () => {
    const content: EditionContent = {
      ...SAMPLE_EDITION,
      blocks: [
        { key: "world", name: "World News", headlines: [{ title: "Unlinked story", publisher: "Wire" }] },
      ],
    };
    const mail = await renderEdition(content, SAMPLE_SITE);
    expect(mail.html).toMatch(/<span[^>]*>Unlinked story<\/span>/);
    expect(mail.html).not.toMatch(/<a [^>]*>Unlinked story<\/a>/);
    expect(mail.text).toMatch(/^Unlinked story\nWire$/m);
  });

  it("leaves the newsroom's part out when there is no post", async () => {
    const { post: _post, ...content } = SAMPLE_EDITION;
    const mail = await renderEdition(content, SAMPLE_SITE);
    expect(mail.html).not.toContain("From our newsroom");
    expect(mail.text).not.toContain("Read the post");
  });

  it("says so when no block could be read, with the date alone in the subject", async () => {
    const mail = await renderEdition({ ...SAMPLE_EDITION, blocks: [] }, SAMPLE_SITE);
    expect(mail.subject).toBe("The Electric Ledger — Thursday, November 26, 2026");
    expect(mail.text).toContain("No headlines could be gathered");
  });

  it("stays small with six blocks of five headlines", async () => {
    const mail = await renderEdition(SAMPLE_EDITION, SAMPLE_SITE);
    const bytes = Buffer.byteLength(mail.html);
    console.log(`edition 6x5: html ${bytes} bytes, text ${Buffer.byteLength(mail.text)} bytes`);
    // Gmail clips a message whose HTML passes 102 KB.
    expect(bytes).toBeLessThan(60_000);
  });
});

describe("renderConfirmation", () => {
  const link = "https://electricledger.example/newsletter/confirm?token=abc123";

  it("has the button and the link as text, the expiry in the site's zone, and no unsubscribe", async () => {
    const mail = await renderConfirmation({ site: SAMPLE_SITE, link, expiresAt: "2026-12-03T21:52:00.000Z" });
    expect(mail.subject).toBe("Confirm your subscription to The Electric Ledger");
    expect(mail.html).toMatch(/<html[^>]* lang="en-US"/);
    expect(mail.html).toMatch(
      /<a href="https:\/\/electricledger\.example\/newsletter\/confirm\?token=abc123"[^>]*>.*Confirm your subscription/s,
    );
    // The button and the link written out.
    expect(count(mail.html, `href="${link}"`)).toBe(2);
    expect(mail.html).toContain(`>${link}</a>`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Dec 3, 2026, 4:52 PM EST");
    expect(mail.text).toContain("each morning");
    expect(mail.text).toContain("ignore this mail: nothing happens");
    expect(mail.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    // The sending hour is the operator's setting: the mail names none.
    expect(mail.text).not.toMatch(/7:00|7 ?AM|7 ?a\.m\./i);
  });
});

describe("renderNewsroomNotification", () => {
  const message: StoredMessage = {
    id: 7,
    createdAt: "2026-11-26T15:05:00.000Z",
    name: "Ann O'Neil",
    email: "ann@example.com",
    category: "news-tip",
    subject: "Charger <broken> on Main & 5th",
    message: "The charger has been out for a week.\n\nPhotos on request.\n  — Ann",
  };

  it("names the category, the writer and the time, and keeps the message's lines", async () => {
    const mail = await renderNewsroomNotification(message, SAMPLE_SITE);
    expect(mail.subject).toBe("Contact: Charger <broken> on Main & 5th (News tip)");
    expect(mail.html).toContain("Charger &lt;broken&gt; on Main &amp; 5th");
    expect(mail.html).toContain("white-space:pre-wrap");
    expect(mail.html).toContain('href="mailto:ann@example.com"');
    expect(mail.text).toContain("From: Ann O'Neil <ann@example.com>");
    expect(mail.text).toContain("Sent: Nov 26, 2026, 10:05 AM EST");
    expect(mail.text).toContain("The charger has been out for a week.\n\nPhotos on request.\n");
    expect(mail.text).toContain("Reply to this mail to answer Ann O'Neil");
    expect(mail.html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
  });

  it("has no category in the subject when the writer chose none", async () => {
    const mail = await renderNewsroomNotification({ ...message, category: null }, SAMPLE_SITE);
    expect(mail.subject).toBe("Contact: Charger <broken> on Main & 5th");
    expect(mail.text).not.toContain("Category:");
  });
});

describe("subjectLine", () => {
  it("cuts a line that is one long word inside the word", () => {
    expect(subjectLine("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("leaves a short line as it is, blanks collapsed", () => {
    expect(subjectLine("  Contact:\r\n Tip\t(News tip) ")).toBe("Contact: Tip (News tip)");
  });
});
