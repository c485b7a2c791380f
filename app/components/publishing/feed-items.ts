/** A post as the tools list it: what both the server data and a fetched feed can give. */
export type RecentPost = {
  title: string;
  url: string;
  publishedAt: string;
  category: string;
  author: string;
};

export type FeedSummary = { items: number; lastBuildDate: string; recent: RecentPost[] };

const text = (el: Element, tag: string) => el.getElementsByTagName(tag)[0]?.textContent?.trim() ?? "";

/** What the RSS manager shows, read from fetched feed XML (in the browser, with DOMParser). */
export function summariseFeed(doc: Document): FeedSummary {
  const items = [...doc.getElementsByTagName("item")];
  const built = doc.getElementsByTagName("lastBuildDate")[0]?.textContent ?? "";
  const toIso = (value: string) => {
    const t = Date.parse(value);
    return Number.isNaN(t) ? "" : new Date(t).toISOString();
  };
  return {
    items: items.length,
    lastBuildDate: toIso(built),
    recent: items.slice(0, 5).map((item) => {
      const link = text(item, "link");
      let url = link;
      try {
        url = new URL(link).pathname;
      } catch {}
      return {
        title: text(item, "title"),
        url,
        publishedAt: toIso(text(item, "pubDate")),
        category: text(item, "category"),
        author:
          item.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "creator")[0]?.textContent ?? "",
      };
    }),
  };
}
