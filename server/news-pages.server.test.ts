import { describe, expect, it } from "vitest";
import type { Article } from "../app/lib/article.ts";
import { LoadTimeoutError, loadHome, settleBriefly, withDeadline } from "./news-pages.server.ts";
import type { Services } from "./services.server.ts";

describe("settleBriefly", () => {
  it("gives the value of a promise that settles at once", async () => {
    expect(await settleBriefly(Promise.resolve(5))).toEqual({ done: true, value: 5 });
  });

  it("gives back a promise that is still waiting", async () => {
    const slow = new Promise<number>((r) => setTimeout(() => r(7), 50));
    const result = await settleBriefly(slow);
    expect(result.done).toBe(false);
    if (!result.done) expect(await result.promise).toBe(7);
  });

  it("rethrows a promise that failed at once", async () => {
    await expect(settleBriefly(Promise.reject(new Error("store down")))).rejects.toThrow("store down");
  });
});

describe("withDeadline", () => {
  it("passes a prompt answer through", async () => {
    expect(await withDeadline(Promise.resolve("ok"), 50)).toBe("ok");
  });

  it("gives up on a slow one with a LoadTimeoutError", async () => {
    await expect(withDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(LoadTimeoutError);
  });
});

describe("loadHome", () => {
  const article = (n: number): Article => ({
    id: `local-${n}`,
    title: `Headline ${n}`,
    excerpt: `Excerpt ${n}`,
    content: "",
    category: "Local News",
    publishedAt: "2026-11-24T07:00:00.000Z",
    imageUrl: `https://img.example/${n}.jpg`,
    link: `https://news.example/${n}`,
    readTime: 1,
    featured: n === 1,
    section: "local",
  });
  // Only what loadHome reads of the services.
  const services = {
    config: { SITE_URL: "http://localhost:3000" },
    feeds: {
      getSectionArticles: async (key: string) => ({
        articles: key === "local" ? [article(1), article(2)] : [],
        sample: false,
      }),
      latestArticles: async () => ({ articles: [article(1), article(2)] }),
    },
  } as unknown as Services;

  it("sends the ticker only the headline, section and link of each item", async () => {
    const home = await loadHome(services);
    expect(home.ticker).toEqual([
      { id: "local-1", title: "Headline 1", category: "Local News", link: "https://news.example/1" },
      { id: "local-2", title: "Headline 2", category: "Local News", link: "https://news.example/2" },
    ]);
    expect(home.blocks.map((b) => b.key)).toEqual(["local"]);
    expect(home.blocks[0]?.articles[0]).toMatchObject({
      excerpt: "Excerpt 1",
      imageUrl: "/img?u=https%3A%2F%2Fimg.example%2F1.jpg",
    });
  });
});
