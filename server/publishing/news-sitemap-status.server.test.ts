import { describe, expect, it } from "vitest";
import { newsSitemapStatus } from "./news-sitemap-status.server.ts";
import { makePost } from "./testing/posts.ts";

// makePost(n) is published n days before 2026-11-21 14:00 UTC.
const posts = [0, 1, 2, 3, 4].map((n) => makePost(n));

describe("newsSitemapStatus", () => {
  it("says the news sitemap is empty, and why, when no post is from the last two days", () => {
    const status = newsSitemapStatus(posts, new Date("2026-11-24T09:00:00Z"));
    expect(status.count).toBe(0);
    expect(status.note).toBe(
      "The news sitemap is empty right now, and that is expected: Google News takes only articles from " +
        "the last two days, and our newest post, “Post number 0”, came out on Nov 21, 2026. It fills again " +
        "with our next post.",
    );
  });

  it("counts the posts of the last two days and says when the sitemap will empty", () => {
    const status = newsSitemapStatus(posts, new Date("2026-11-22T09:00:00Z"));
    expect(status.count).toBe(2);
    expect(status.note).toBe(
      "The news sitemap lists 2 articles from the last two days (the window Google News reads); it will " +
        "be empty from Nov 23, 2026, 9:00 AM EST unless we publish again.",
    );
  });

  it("names the minute the window closes, in the site's time zone, rounded up", () => {
    // Two days after 13:59:30 UTC on the 21st: 08:59:30 in New York on the 23rd, empty by 9:00.
    const post = makePost(0, { publishedAt: "2026-11-21T13:59:30Z" });
    const status = newsSitemapStatus([post], new Date("2026-11-23T12:00:00Z"));
    expect(status.note).toContain("it will be empty from Nov 23, 2026, 9:00 AM EST unless");
    // Just past it, the sitemap is empty.
    expect(newsSitemapStatus([post], new Date("2026-11-23T13:59:31Z")).count).toBe(0);
  });

  it("keeps the two-day rule: a post 49 hours old is out, one 47 hours old is in", () => {
    const at = (hoursAgo: number) =>
      makePost(0, { publishedAt: new Date(Date.UTC(2026, 10, 21, 14) - hoursAgo * 3_600_000).toISOString() });
    const now = new Date(Date.UTC(2026, 10, 21, 14));
    expect(newsSitemapStatus([at(49)], now).count).toBe(0);
    expect(newsSitemapStatus([at(47)], now).count).toBe(1);
  });

  it("ignores scheduled posts and says so when nothing is published yet", () => {
    const scheduled = makePost(0, { publishedAt: "2026-12-01T00:00:00Z" });
    const status = newsSitemapStatus([scheduled], new Date("2026-11-24T09:00:00Z"));
    expect(status).toEqual({
      count: 0,
      note:
        "The news sitemap is empty right now: Google News takes only articles from the last two days, " +
        "and we have not published a post yet.",
    });
  });
});
