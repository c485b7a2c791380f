import type { Post } from "#server/publishing/posts.server.ts";

/** A post as buildPosts makes one, for builder tests (the parsing has its own tests). */
export function makePost(n: number, overrides: Partial<Post> = {}): Post {
  const day = String((n % 28) + 1).padStart(2, "0");
  const publishedAt =
    overrides.publishedAt ?? new Date(Date.UTC(2026, 10, 21, 14) - n * 86_400_000).toISOString();
  return {
    file: `content/blog/post-${n}.md`,
    slug: `post-${n}`,
    title: `Post number ${n}`,
    description: `What post ${n} is about.`,
    author: "Maya Okafor",
    category: "Charging",
    publishedAt,
    keywords: ["EV charging", `topic ${day}`],
    image: { path: `/images/blog/post-${n}.png`, alt: "", type: "image/png", length: 1000 + n },
    markdown: `Body of post ${n}.`,
    html: `<p>Body of post ${n}. <a href="/faq">FAQ</a></p>`,
    readTime: 1,
    ...overrides,
  };
}
