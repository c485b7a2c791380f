import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  buildPosts,
  createPostLibrary,
  type ImageLookup,
  imageSrcSet,
  parsePostFile,
  publicImageLookup,
  publishedPosts,
  readPostFiles,
  readTimeOf,
  toPostSummary,
} from "./posts.server.ts";
import { isValidSlug } from "./slugs.server.ts";
import { makePost } from "./testing/posts.ts";

const image: ImageLookup = () => ({ type: "image/png", length: 1234 });

function postText(fields: Record<string, string>, body = "Some text about charging.") {
  const front = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return `---\n${front}\n---\n${body}\n`;
}

const GOOD = {
  title: "Why fast charging slows after 80 percent",
  description: "The chemistry behind the charging curve.",
  author: "Daniel Reyes",
  category: "Batteries",
  publishedAt: "2026-11-18T09:00:00-05:00",
  image: "/images/blog/charging-curve.png",
};

describe("parsePostFile", () => {
  it("reads a good post: fields, UTC date, keywords default to the category, HTML and read time", () => {
    const post = parsePostFile("content/blog/a.md", postText(GOOD, "## Part\n\nHello *there*."), image);
    expect(post).toMatchObject({
      title: GOOD.title,
      author: "Daniel Reyes",
      publishedAt: "2026-11-18T14:00:00.000Z",
      keywords: ["Batteries"],
      image: { path: GOOD.image, alt: "", type: "image/png", length: 1234 },
      readTime: 1,
    });
    expect(post.html).toBe("<h2>Part</h2>\n<p>Hello <em>there</em>.</p>");
    expect(post.slug).toBeUndefined();
  });

  it("reads keywords as a comma list, with or without brackets", () => {
    const a = parsePostFile("a.md", postText({ ...GOOD, keywords: "EV, charging , grid" }), image);
    const b = parsePostFile("b.md", postText({ ...GOOD, keywords: "[EV, charging]" }), image);
    expect(a.keywords).toEqual(["EV", "charging", "grid"]);
    expect(b.keywords).toEqual(["EV", "charging"]);
  });

  const bad: Array<[string, string, RegExp]> = [
    ["a missing field", postText({ ...GOOD, author: "" }), /front matter is missing "author"/],
    [
      "several missing fields",
      postText({ title: "x", image: GOOD.image }),
      /missing "description", "author", "category", "publishedAt"/,
    ],
    [
      "a bad date",
      postText({ ...GOOD, publishedAt: "18/11/2026" }),
      /"publishedAt" must be an ISO 8601 date/,
    ],
    [
      "an impossible date",
      postText({ ...GOOD, publishedAt: "2026-13-40" }),
      /"publishedAt" must be an ISO 8601 date/,
    ],
    [
      "an update before publication",
      postText({ ...GOOD, updatedAt: "2026-01-01" }),
      /"updatedAt" is earlier than "publishedAt"/,
    ],
    [
      "an image outside /images/blog/",
      postText({ ...GOOD, image: "https://cdn.example/a.png" }),
      /"image" must be a file under \/images\/blog\//,
    ],
    [
      "an image path escaping",
      postText({ ...GOOD, image: "/images/blog/../../secret" }),
      /"image" must be a file under/,
    ],
    ["a bad slug", postText({ ...GOOD, slug: "Not A Slug" }), /"slug" must be lower-case letters and digits/],
    ["a slug over 60", postText({ ...GOOD, slug: "a".repeat(61) }), /at most 60 characters/],
    ["an empty body", postText(GOOD, "   "), /the post has no text/],
    ["a long title", postText({ ...GOOD, title: "t".repeat(151) }), /"title" is longer than 150/],
  ];
  for (const [what, text, message] of bad) {
    it(`rejects ${what}, naming the file`, () => {
      expect(() => parsePostFile("content/blog/bad.md", text, image)).toThrow(message);
      expect(() => parsePostFile("content/blog/bad.md", text, image)).toThrow(/^content\/blog\/bad\.md: /);
    });
  }

  it("rejects an image that is not in public/", () => {
    const lookup = publicImageLookup(mkdtempSync(path.join(tmpdir(), "pub-")));
    expect(() => parsePostFile("content/blog/a.md", postText(GOOD), lookup)).toThrow(
      'content/blog/a.md: "image" /images/blog/charging-curve.png: there is no file public/images/blog/charging-curve.png',
    );
  });
});

describe("image variants", () => {
  function publicDirWith(names: string[]) {
    const publicDir = mkdtempSync(path.join(tmpdir(), "pub-"));
    mkdirSync(path.join(publicDir, "images/blog"), { recursive: true });
    for (const name of names) writeFileSync(path.join(publicDir, "images/blog", name), "x");
    return publicDir;
  }

  it("finds NAME-{width}w files of the same type beside the image, narrowest first", () => {
    const lookup = publicImageLookup(
      publicDirWith([
        "plug.webp",
        "plug-800w.webp",
        "plug-480w.webp",
        "plug-1600w.webp", // not narrower than the 1200 px original
        "plug-640w.png", // another type
        "plug-thumb.webp",
        "plugs-640w.webp", // another image's
      ]),
    );
    expect(lookup("/images/blog/plug.webp").variants).toEqual([
      { path: "/images/blog/plug-480w.webp", width: 480 },
      { path: "/images/blog/plug-800w.webp", width: 800 },
    ]);
    expect(lookup("/images/blog/plugs-640w.webp")).not.toHaveProperty("variants");
  });

  it("gives the page a srcset of the variants and the 1200w original, none without variants", () => {
    const image = {
      path: "/images/blog/a.webp",
      alt: "A chart",
      type: "image/webp",
      length: 9,
      variants: [
        { path: "/images/blog/a-480w.webp", width: 480 },
        { path: "/images/blog/a-800w.webp", width: 800 },
      ],
    };
    const srcSet = "/images/blog/a-480w.webp 480w, /images/blog/a-800w.webp 800w, /images/blog/a.webp 1200w";
    expect(imageSrcSet(image)).toBe(srcSet);
    expect(toPostSummary(makePost(1, { image })).image).toEqual({ src: image.path, alt: "A chart", srcSet });
    const plain = toPostSummary(makePost(1)).image;
    expect(plain).toEqual({ src: "/images/blog/post-1.png", alt: "" });
  });
});

describe("buildPosts", () => {
  const file = (name: string, fields: Partial<typeof GOOD> & Record<string, string>) => ({
    file: `content/blog/${name}.md`,
    text: postText({ ...GOOD, ...fields }),
  });

  it("newest first; a bad file is left out and reported, the rest still published", () => {
    const { posts, problems } = buildPosts(
      [
        file("old", { title: "Old", publishedAt: "2026-11-01T00:00:00Z" }),
        { file: "content/blog/broken.md", text: "no front matter" },
        file("new", { title: "New", publishedAt: "2026-11-02T00:00:00Z" }),
      ],
      image,
    );
    expect(posts.map((p) => p.slug)).toEqual(["new", "old"]);
    expect(problems).toEqual([
      {
        file: "content/blog/broken.md",
        message: 'content/blog/broken.md: the file must start with a front matter block: a "---" line first',
      },
    ]);
  });

  it("two posts with one title get distinct slugs; the older keeps the plain one", () => {
    const { posts } = buildPosts(
      [
        file("b", { title: "Same", publishedAt: "2026-11-05T00:00:00Z" }),
        file("a", { title: "Same", publishedAt: "2026-11-01T00:00:00Z" }),
      ],
      image,
    );
    expect(posts.map((p) => [p.file, p.slug])).toEqual([
      ["content/blog/b.md", "same-2"],
      ["content/blog/a.md", "same"],
    ]);
  });

  it("two files setting the same slug: the newer is reported, never published under it", () => {
    const { posts, problems } = buildPosts(
      [
        file("a", { slug: "plugs", publishedAt: "2026-11-01T00:00:00Z" }),
        file("b", { slug: "plugs", publishedAt: "2026-11-02T00:00:00Z" }),
      ],
      image,
    );
    expect(posts.map((p) => p.file)).toEqual(["content/blog/a.md"]);
    expect(problems[0]?.message).toMatch(
      /content\/blog\/b\.md: "slug" plugs is already used by an older post/,
    );
  });
});

describe("publishedPosts", () => {
  it("leaves out posts scheduled for later", () => {
    const { posts } = buildPosts(
      [
        { file: "a.md", text: postText({ ...GOOD, title: "Now", publishedAt: "2026-11-01T00:00:00Z" }) },
        { file: "b.md", text: postText({ ...GOOD, title: "Later", publishedAt: "2026-12-01T00:00:00Z" }) },
      ],
      image,
    );
    const now = new Date("2026-11-15T00:00:00Z");
    expect(publishedPosts({ posts, problems: [] }, now).map((p) => p.title)).toEqual(["Now"]);
  });
});

describe("createPostLibrary", () => {
  function site() {
    const root = mkdtempSync(path.join(tmpdir(), "blog-"));
    const dir = path.join(root, "blog");
    const publicDir = path.join(root, "public");
    mkdirSync(dir);
    mkdirSync(path.join(publicDir, "images/blog"), { recursive: true });
    writeFileSync(path.join(publicDir, "images/blog/charging-curve.png"), "12345");
    return { dir, publicDir };
  }

  it("rebuilds when a file changes, logs problems once per change", () => {
    const { dir, publicDir } = site();
    const log = { error: vi.fn() };
    const library = createPostLibrary({ dir, publicDir, log });
    writeFileSync(path.join(dir, "one.md"), postText(GOOD));
    writeFileSync(path.join(dir, "bad.md"), "---\ntitle: x\n");
    const first = library.current();
    expect(first.posts).toHaveLength(1);
    expect(first.posts[0]?.image.length).toBe(5);
    expect(library.current()).toBe(first);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(String(log.error.mock.calls[0]?.[1])).toMatch(/bad\.md: the front matter block has no closing/);

    writeFileSync(path.join(dir, "two.md"), postText({ ...GOOD, title: "Second" }));
    expect(library.current().posts).toHaveLength(2);
    const again = library.regenerate();
    expect(again.posts).toHaveLength(2);
    expect(library.current()).toBe(again);
  });

  it("a missing directory publishes nothing and says so; regenerate throws", () => {
    const log = { error: vi.fn() };
    const library = createPostLibrary({ dir: "/nonexistent/blog", publicDir: "/nonexistent", log });
    expect(library.current().posts).toEqual([]);
    expect(log.error).toHaveBeenCalled();
    expect(() => library.regenerate()).toThrow();
  });
});

describe("our posts in content/blog", () => {
  const { posts, problems } = buildPosts(readPostFiles("content/blog"), publicImageLookup("public"));

  it("every file is valid", () => {
    expect(problems).toEqual([]);
  });

  it("five posts a day apart, each with every Blog post field", () => {
    expect(posts).toHaveLength(5);
    for (let i = 1; i < posts.length; i++) {
      const gap = Date.parse(posts[i - 1]?.publishedAt ?? "") - Date.parse(posts[i]?.publishedAt ?? "");
      expect(gap).toBe(86_400_000);
    }
    for (const p of posts) {
      expect(p.title && p.description && p.author && p.category && p.markdown).toBeTruthy();
      expect(p.image.alt.length).toBeGreaterThan(10);
      expect(p.readTime).toBeGreaterThanOrEqual(2);
    }
  });

  it("slugs are unique, valid and at most 60 characters", () => {
    const slugs = posts.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(isValidSlug(s)).toBe(true);
  });

  it("each image has its 480, 640 and 800 px variants (scripts/make-blog-images.ts)", () => {
    for (const p of posts) expect(p.image.variants?.map((v) => v.width)).toEqual([480, 640, 800]);
  });

  it("links between posts point at posts that exist", () => {
    const slugs = new Set(posts.map((p) => p.slug));
    for (const p of posts) {
      for (const [, slug] of p.html.matchAll(/href="\/blog\/([^"#]+)"/g)) {
        expect(slugs.has(slug ?? ""), `${p.file} links to /blog/${slug}`).toBe(true);
      }
    }
  });
});

describe("readTimeOf", () => {
  it("words / 200, rounded, at least 1", () => {
    expect(readTimeOf("word ".repeat(10))).toBe(1);
    expect(readTimeOf("word ".repeat(500))).toBe(3);
  });
});
