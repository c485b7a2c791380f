/** Feed item categories (docs/architecture.md, Categories): read, cleaned, kept on the Article. */
import { describe, expect, it } from "vitest";
import { itemToArticle } from "#server/news/section-articles.ts";
import { MAX_CATEGORIES, normalizeCategories, normalizeFeed } from "./normalize.ts";
import { parseFeed } from "./parse.ts";

const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
<item><title>Chargers on Elm Street</title><guid>a</guid>
  <category>Charging</category>
  <category domain="https://pub.example/tags">  Local   government </category>
  <category><![CDATA[<b>Batteries</b>]]></category>
  <category>charging</category>
  <category>   </category>
  <dc:subject>Infrastructure</dc:subject>
</item>
<item><title>No tags</title><guid>b</guid></item>
</channel></rss>`;

const atom = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
<entry><id>x</id><title>Buses</title>
  <category term="transit" label="Public transit"/>
  <category term="electric-buses"/>
</entry></feed>`;

describe("feed item categories", () => {
  it("reads RSS <category> and dc:subject, and Atom <category> label, else term", () => {
    expect(parseFeed(rss).items[0]?.categories).toEqual([
      "Charging",
      "Local   government",
      "<b>Batteries</b>",
      "charging",
      "Infrastructure",
    ]);
    expect(parseFeed(atom).items[0]?.categories).toEqual(["Public transit", "electric-buses"]);
  });

  it("keeps them as plain text: markup stripped, trimmed, repeats (any case) dropped", () => {
    const [tagged, untagged] = normalizeFeed(parseFeed(rss), undefined).items;
    expect(tagged?.categories).toEqual(["Charging", "Local government", "Batteries", "Infrastructure"]);
    expect(untagged).not.toHaveProperty("categories");
  });

  it("caps them: at most 8, none longer than 60 characters", () => {
    const many = Array.from({ length: 20 }, (_, i) => `Tag ${i}`);
    expect(normalizeCategories(many)).toHaveLength(MAX_CATEGORIES);
    expect(normalizeCategories(["x".repeat(61), "Short"])).toEqual(["Short"]);
    // Markup never survives; a tag that is only markup is no tag.
    expect(
      normalizeCategories(["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<i>EVs</i>"]),
    ).toEqual(["EVs"]);
  });

  it("stay on the Article, while category stays the section's display name", () => {
    const [item] = normalizeFeed(parseFeed(atom), undefined).items;
    const article = itemToArticle(item as NonNullable<typeof item>, "automotive");
    expect(article.category).toBe("Automotive & Energy");
    expect(article.categories).toEqual(["Public transit", "electric-buses"]);
    const [, untagged] = normalizeFeed(parseFeed(rss), undefined).items;
    expect(itemToArticle(untagged as NonNullable<typeof untagged>, "local")).not.toHaveProperty("categories");
  });
});
