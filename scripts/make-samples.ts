/**
 * Writes the offline sample feeds, content/samples/<section>.xml (RSS 2.0), and their small
 * illustrations, public/images/samples/*.svg, from scripts/samples-data.ts. Run it after editing
 * the stories: `node scripts/make-samples.ts`. The output is committed; the server only reads it.
 *
 * Links and image URLs are site-relative: the engine resolves them against SITE_URL. Every story
 * links to /about#sample-articles, where the About page says what sample headlines are, because
 * these stories were never published anywhere and a reader who clicks one deserves to learn that.
 * Dates are fixed here; the engine moves them so the newest reads as 25 minutes old (all but the
 * archives' look-backs, which keep these dates).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { site } from "#content/site.ts";
import { FEED_SECTION_KEYS } from "#domain/sections.ts";
import { SAMPLE_STORIES } from "./samples-data.ts";

const root = join(import.meta.dirname, "..");
export const SAMPLE_LINK = "/about#sample-articles";
const NEWEST = Date.parse("2024-05-14T12:00:00Z");

/** 16:9 flat illustrations, each well under 2 KB. */
const SKY = "#dbeafe";
const GROUND = "#cbd5e1";
const INK = "#1e293b";
const ACCENT = "#16a34a";
const SVG_BODIES: Record<string, string> = {
  charger: `<rect x="130" y="40" width="60" height="110" rx="8" fill="${INK}"/><rect x="142" y="55" width="36" height="24" rx="3" fill="#a7f3d0"/><path d="M160 92l-10 22h10l-4 18 16-26h-10l6-14z" fill="#facc15"/><path d="M190 110c30 0 30 40 60 40" stroke="${INK}" stroke-width="6" fill="none"/>`,
  bus: `<rect x="60" y="70" width="200" height="70" rx="12" fill="${ACCENT}"/><rect x="75" y="82" width="40" height="24" fill="#e0f2fe"/><rect x="125" y="82" width="40" height="24" fill="#e0f2fe"/><rect x="175" y="82" width="40" height="24" fill="#e0f2fe"/><circle cx="100" cy="142" r="14" fill="${INK}"/><circle cx="220" cy="142" r="14" fill="${INK}"/>`,
  city: `<rect x="40" y="60" width="50" height="95" fill="#64748b"/><rect x="100" y="30" width="60" height="125" fill="#475569"/><rect x="170" y="75" width="45" height="80" fill="#94a3b8"/><rect x="225" y="50" width="55" height="105" fill="#334155"/><rect x="112" y="45" width="10" height="10" fill="#fde68a"/><rect x="135" y="70" width="10" height="10" fill="#fde68a"/><rect x="240" y="65" width="10" height="10" fill="#fde68a"/>`,
  grid: `<path d="M80 155l30-120 30 120M60 70h100M70 100h80" stroke="${INK}" stroke-width="5" fill="none"/><path d="M200 155l30-120 30 120M180 70h100M190 100h80" stroke="${INK}" stroke-width="5" fill="none"/><path d="M60 70q80 30 120 0M160 70q40 30 120 0" stroke="#f59e0b" stroke-width="3" fill="none"/>`,
  car: `<path d="M60 130l20-40h140l40 40z" fill="#2563eb"/><rect x="50" y="125" width="220" height="25" rx="10" fill="#1d4ed8"/><path d="M95 95h50v30h-65zM155 95h55l25 30h-80z" fill="#e0f2fe"/><circle cx="100" cy="152" r="16" fill="${INK}"/><circle cx="225" cy="152" r="16" fill="${INK}"/>`,
  truck: `<rect x="40" y="60" width="160" height="80" fill="#f8fafc" stroke="${INK}" stroke-width="4"/><path d="M200 85h45l30 30v25h-75z" fill="${ACCENT}"/><rect x="215" y="92" width="28" height="20" fill="#e0f2fe"/><circle cx="80" cy="145" r="14" fill="${INK}"/><circle cx="240" cy="145" r="14" fill="${INK}"/><path d="M110 90l-12 22h12l-4 18 18-28h-12l6-12z" fill="${ACCENT}"/>`,
  field: `<rect y="110" width="320" height="70" fill="#86efac"/><path d="M0 110q80-40 160 0t160 0" fill="#4ade80"/><circle cx="250" cy="45" r="22" fill="#facc15"/><path d="M60 110v-30M70 110v-40M80 110v-25" stroke="#15803d" stroke-width="4"/>`,
  wind: `<path d="M100 160l6-100 6 100z" fill="#f8fafc"/><path d="M106 60l-40-25M106 60l45-15M106 60l-5 45" stroke="#f8fafc" stroke-width="6" stroke-linecap="round"/><path d="M220 160l5-80 5 80z" fill="#f8fafc"/><path d="M225 80l-30-20M225 80l35-12M225 80l-4 36" stroke="#f8fafc" stroke-width="5" stroke-linecap="round"/>`,
  solar: `<circle cx="260" cy="40" r="22" fill="#facc15"/><path d="M40 150l40-60h120l-40 60z" fill="#1e3a8a"/><path d="M80 90l-40 60M120 90l-40 60M160 90l-40 60M60 120h120" stroke="#93c5fd" stroke-width="2"/><path d="M120 150v20M160 150v20" stroke="${INK}" stroke-width="5"/>`,
  train: `<rect x="30" y="70" width="260" height="60" rx="28" fill="#f8fafc" stroke="${INK}" stroke-width="4"/><rect x="60" y="85" width="170" height="18" fill="#60a5fa"/><path d="M20 150h280" stroke="${INK}" stroke-width="5"/><path d="M150 40v30M130 40h40" stroke="${INK}" stroke-width="3"/>`,
  battery: `<rect x="80" y="55" width="150" height="80" rx="10" fill="${INK}"/><rect x="230" y="80" width="14" height="30" rx="3" fill="${INK}"/><rect x="92" y="67" width="36" height="56" fill="${ACCENT}"/><rect x="136" y="67" width="36" height="56" fill="${ACCENT}"/><rect x="180" y="67" width="36" height="56" fill="#bbf7d0"/>`,
  house: `<path d="M80 90l80-55 80 55v65H80z" fill="#fef3c7" stroke="${INK}" stroke-width="4"/><rect x="140" y="110" width="40" height="45" fill="#92400e"/><path d="M95 80l65-40 65 40" stroke="#1e3a8a" stroke-width="10" fill="none"/><rect x="250" y="120" width="22" height="35" rx="4" fill="${ACCENT}"/>`,
  chart: `<path d="M50 150h230M50 150V30" stroke="${INK}" stroke-width="4"/><rect x="70" y="110" width="30" height="40" fill="#93c5fd"/><rect x="115" y="90" width="30" height="60" fill="#60a5fa"/><rect x="160" y="70" width="30" height="80" fill="#3b82f6"/><rect x="205" y="45" width="30" height="105" fill="${ACCENT}"/>`,
  stadium: `<ellipse cx="160" cy="110" rx="140" ry="55" fill="#64748b"/><ellipse cx="160" cy="115" rx="110" ry="38" fill="#22c55e"/><path d="M160 78v75M50 115h220" stroke="#f8fafc" stroke-width="3"/><circle cx="160" cy="115" r="14" fill="none" stroke="#f8fafc" stroke-width="3"/>`,
  archive: `<rect x="70" y="40" width="180" height="115" fill="#fef3c7" stroke="#92400e" stroke-width="4"/><path d="M90 65h140M90 85h140M90 105h100M90 125h120" stroke="#a16207" stroke-width="5"/>`,
  plate: `<circle cx="160" cy="95" r="62" fill="#f8fafc" stroke="#94a3b8" stroke-width="4"/><circle cx="160" cy="95" r="40" fill="#fde68a"/><circle cx="150" cy="88" r="10" fill="#ef4444"/><circle cx="172" cy="100" r="9" fill="${ACCENT}"/><path d="M70 40v110M260 40v110" stroke="#94a3b8" stroke-width="6"/>`,
  bike: `<circle cx="95" cy="125" r="35" fill="none" stroke="${INK}" stroke-width="6"/><circle cx="225" cy="125" r="35" fill="none" stroke="${INK}" stroke-width="6"/><path d="M95 125l40-55h60l30 55M135 70l25 55h-65M190 70l-5-20h-20" stroke="${ACCENT}" stroke-width="6" fill="none"/>`,
};

export function sampleSvg(name: string): string {
  const body = SVG_BODIES[name];
  if (!body) throw new Error(`No sample illustration named ${name}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="${SKY}"/><rect y="150" width="320" height="30" fill="${GROUND}"/>${body}</svg>\n`;
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function feedXml(section: (typeof FEED_SECTION_KEYS)[number], svgBytes: Map<string, number>): string {
  const stories = SAMPLE_STORIES[section];
  let time = NEWEST;
  const items = stories.map((story, i) => {
    // Varied gaps, 25 minutes to about 3 hours, so the list reads like a real news day.
    if (i > 0) time -= ((i * 97) % 160) * 60_000 + 25 * 60_000;
    const guid = `electricledger-sample-${section}-${String(i + 1).padStart(2, "0")}`;
    const paragraphs = [story.summary, ...(story.body ?? [])].map((p) => `<p>${p}</p>`).join("");
    const lines = [
      `      <title>${xmlEscape(story.title)}</title>`,
      `      <link>${SAMPLE_LINK}</link>`,
      `      <guid isPermaLink="false">${guid}</guid>`,
      `      <pubDate>${new Date(time).toUTCString()}</pubDate>`,
      `      <dc:creator>${xmlEscape(`${site.title} sample desk`)}</dc:creator>`,
      `      <description>${xmlEscape(story.summary)}</description>`,
    ];
    if (story.body) lines.push(`      <content:encoded><![CDATA[${paragraphs}]]></content:encoded>`);
    if (story.image) {
      const name = story.image.replace(/\.svg$/, "");
      const url = `/images/samples/${name}.svg`;
      // Both ways feeds carry images, so the samples exercise both.
      lines.push(
        i % 2 === 0
          ? `      <media:content url="${url}" medium="image" type="image/svg+xml" width="320" height="180"/>`
          : `      <enclosure url="${url}" type="image/svg+xml" length="${svgBytes.get(name) ?? 0}"/>`,
      );
    }
    return `    <item>\n${lines.join("\n")}\n    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${xmlEscape(site.title)}</title>
    <link>/${section}</link>
    <description>Sample articles written by ${xmlEscape(site.title)} to show the site when the publishers' feeds cannot be reached. The places and people in them are invented.</description>
    <language>en-us</language>
${items.join("\n")}
  </channel>
</rss>
`;
}

/** Every file this script writes, by path relative to the repository root. */
export function sampleFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const svgBytes = new Map<string, number>();
  for (const name of Object.keys(SVG_BODIES)) {
    const svg = sampleSvg(name);
    files.set(`public/images/samples/${name}.svg`, svg);
    svgBytes.set(name, Buffer.byteLength(svg));
  }
  for (const section of FEED_SECTION_KEYS) {
    files.set(`content/samples/${section}.xml`, feedXml(section, svgBytes));
  }
  return files;
}

function main() {
  mkdirSync(join(root, "content/samples"), { recursive: true });
  mkdirSync(join(root, "public/images/samples"), { recursive: true });
  const files = sampleFiles();
  for (const [path, text] of files) writeFileSync(join(root, path), text);
  console.log(`Wrote ${files.size} files (sample feeds and illustrations).`);
}

if (import.meta.main) main();
