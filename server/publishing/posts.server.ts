import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { POST_IMAGE_WIDTH, type PostSummary, postPath } from "#domain/posts.ts";
import { logger } from "#server/logger.server.ts";
import { PostFileError, parseFrontMatter } from "./front-matter.server.ts";
import { markdownWords, renderMarkdown } from "./markdown.server.ts";
import { assignSlugs, isValidSlug, MAX_SLUG_LENGTH } from "./slugs.server.ts";

/** Where posts live (content/blog/*.md) and where their images are (public/images/blog/). */
export const DEFAULT_BLOG_DIR = "content/blog";
export const DEFAULT_PUBLIC_DIR = "public";
export const IMAGE_PREFIX = "/images/blog/";

export type PostImage = {
  /** Site-relative path, e.g. /images/blog/plug.png. */
  path: string;
  alt: string;
  /** MIME type and size in bytes, for the feed's enclosure. */
  type: string;
  length: number;
  /** Narrower renderings beside it (plug-640w.webp ...), narrowest first, for the pages' srcset. */
  variants?: ImageVariant[];
};

export type ImageVariant = { path: string; width: number };

/** One post, built from its file: the spec's Blog post fields plus what pages and feeds need. */
export type Post = {
  /** The file it came from, e.g. content/blog/home-charging.md. */
  file: string;
  slug: string;
  title: string;
  description: string;
  author: string;
  category: string;
  /** ISO 8601 (UTC). A post dated in the future is scheduled: no page or feed shows it yet. */
  publishedAt: string;
  updatedAt?: string;
  keywords: string[];
  image: PostImage;
  markdown: string;
  /** Sanitised HTML of the body, links and images site-relative. */
  html: string;
  readTime: number;
};

export type PostProblem = { file: string; message: string };

export type PostCollection = {
  /** Every readable post, newest first, scheduled ones included. */
  posts: Post[];
  /** Files that could not be read, each with a message naming the file. */
  problems: PostProblem[];
};

export const FRONT_MATTER_KEYS = [
  "title",
  "description",
  "author",
  "category",
  "publishedAt",
  "updatedAt",
  "image",
  "imageAlt",
  "keywords",
  "slug",
] as const;
const REQUIRED = ["title", "description", "author", "category", "publishedAt", "image"] as const;
const LIMITS = { title: 150, description: 300, author: 80, category: 40 } as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
};

export type ImageLookup = (imagePath: string) => {
  type: string;
  length: number;
  variants?: ImageVariant[];
};

/**
 * Reads an image's type and size from the public directory; throws when it is not there. Files
 * beside it named NAME-{width}w.EXT (scripts/make-blog-images.ts writes 480w, 640w and 800w) are
 * its variants, narrower than the 1200 px original.
 */
export function publicImageLookup(publicDir: string): ImageLookup {
  const root = path.resolve(publicDir);
  return (imagePath) => {
    const full = path.resolve(root, `.${imagePath}`);
    if (!full.startsWith(root + path.sep)) throw new Error("it points outside the public directory");
    const type = IMAGE_TYPES[path.extname(full).toLowerCase()];
    if (!type) throw new Error(`use a ${Object.keys(IMAGE_TYPES).join(", ")} file`);
    let size: number;
    try {
      size = statSync(full).size;
    } catch {
      throw new Error(`there is no file public${imagePath}`);
    }
    const variants = findVariants(full, imagePath);
    return { type, length: size, ...(variants.length > 0 ? { variants } : {}) };
  };
}

function findVariants(full: string, imagePath: string): ImageVariant[] {
  const ext = path.extname(full);
  const stem = path.basename(full, ext);
  const dir = imagePath.slice(0, imagePath.lastIndexOf("/") + 1);
  const variants: ImageVariant[] = [];
  for (const name of readdirSync(path.dirname(full))) {
    if (!name.startsWith(`${stem}-`) || !name.endsWith(ext)) continue;
    const width = /^(\d{2,4})w$/.exec(name.slice(stem.length + 1, name.length - ext.length))?.[1];
    if (width && Number(width) < POST_IMAGE_WIDTH) variants.push({ path: dir + name, width: Number(width) });
  }
  return variants.sort((a, b) => a.width - b.width);
}

/** "…-480w.webp 480w, …-640w.webp 640w, ….webp 1200w"; undefined when there are no variants. */
export function imageSrcSet(image: Pick<PostImage, "path" | "variants">): string | undefined {
  if (!image.variants?.length) return undefined;
  return [...image.variants, { path: image.path, width: POST_IMAGE_WIDTH }]
    .map((v) => `${v.path} ${v.width}w`)
    .join(", ");
}

function parseDate(value: string, key: string, file: string): string {
  const time = ISO_DATE.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new PostFileError(
      file,
      `"${key}" must be an ISO 8601 date such as 2026-11-21T09:00:00-05:00 (got ${JSON.stringify(value)})`,
    );
  }
  return new Date(time).toISOString();
}

export function readTimeOf(markdown: string): number {
  return Math.max(1, Math.round(markdownWords(markdown) / 200));
}

/** One post file, checked: every required field, dates, the image, an optional slug. */
export function parsePostFile(
  file: string,
  text: string,
  lookupImage: ImageLookup,
): Omit<Post, "slug"> & { slug?: string } {
  const { data, body } = parseFrontMatter(text, file, FRONT_MATTER_KEYS);
  const missing = REQUIRED.filter((k) => !data[k]?.trim());
  if (missing.length > 0) {
    throw new PostFileError(file, `front matter is missing ${missing.map((k) => `"${k}"`).join(", ")}`);
  }
  for (const [key, max] of Object.entries(LIMITS)) {
    if ((data[key] ?? "").length > max) {
      throw new PostFileError(file, `"${key}" is longer than ${max} characters`);
    }
  }
  const slug = data.slug?.trim();
  if (slug !== undefined && !isValidSlug(slug)) {
    throw new PostFileError(
      file,
      `"slug" must be lower-case letters and digits joined by single hyphens, at most ${MAX_SLUG_LENGTH} characters (got ${JSON.stringify(slug)})`,
    );
  }
  const imagePath = data.image?.trim() ?? "";
  if (!imagePath.startsWith(IMAGE_PREFIX) || imagePath.includes("..")) {
    throw new PostFileError(
      file,
      `"image" must be a file under ${IMAGE_PREFIX} (got ${JSON.stringify(imagePath)})`,
    );
  }
  let image: { type: string; length: number };
  try {
    image = lookupImage(imagePath);
  } catch (error) {
    throw new PostFileError(file, `"image" ${imagePath}: ${error instanceof Error ? error.message : error}`);
  }
  const markdown = body.trim();
  if (markdown === "") throw new PostFileError(file, "the post has no text after the front matter");
  const publishedAt = parseDate(data.publishedAt?.trim() ?? "", "publishedAt", file);
  const updatedAt = data.updatedAt ? parseDate(data.updatedAt.trim(), "updatedAt", file) : undefined;
  if (updatedAt && updatedAt < publishedAt) {
    throw new PostFileError(file, '"updatedAt" is earlier than "publishedAt"');
  }
  const category = data.category?.trim() ?? "";
  const keywords = (data.keywords ?? "")
    .replace(/^\[|\]$/g, "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  return {
    file,
    ...(slug ? { slug } : {}),
    title: data.title?.trim() ?? "",
    description: data.description?.trim() ?? "",
    author: data.author?.trim() ?? "",
    category,
    publishedAt,
    ...(updatedAt ? { updatedAt } : {}),
    keywords: keywords.length > 0 ? keywords : [category],
    image: { path: imagePath, alt: data.imageAlt?.trim() ?? "", ...image },
    markdown,
    html: renderMarkdown(markdown),
    readTime: readTimeOf(markdown),
  };
}

/**
 * Builds the posts from their files. A file that cannot be read is left out and reported in
 * `problems` (its message names the file); the others are still published. Slugs are assigned
 * oldest post first, so publishing a new post never moves an old one's address.
 */
export function buildPosts(
  files: ReadonlyArray<{ file: string; text: string }>,
  lookupImage: ImageLookup,
): PostCollection {
  const problems: PostProblem[] = [];
  const parsed: Array<ReturnType<typeof parsePostFile>> = [];
  for (const { file, text } of files) {
    try {
      parsed.push(parsePostFile(file, text, lookupImage));
    } catch (error) {
      problems.push({ file, message: error instanceof Error ? error.message : `${file}: ${error}` });
    }
  }
  parsed.sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.file.localeCompare(b.file));
  // Two files setting the same slug: the older keeps it, the newer is reported and left out.
  const explicit = new Set<string>();
  const unique = parsed.filter((p) => {
    if (!p.slug) return true;
    if (explicit.has(p.slug)) {
      problems.push({
        file: p.file,
        message: `${p.file}: "slug" ${p.slug} is already used by an older post; choose another`,
      });
      return false;
    }
    explicit.add(p.slug);
    return true;
  });
  const slugs = assignSlugs(unique);
  const posts = unique.map((p, i) => ({ ...p, slug: slugs[i] ?? "" }));
  posts.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug));
  return { posts, problems };
}

/** Reads every *.md file in a directory (sorted by name); throws when the directory cannot be read. */
export function readPostFiles(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => {
      const full = path.join(dir, name);
      return { file: path.relative(process.cwd(), full) || full, text: readFileSync(full, "utf8") };
    });
}

export type PostLibrary = {
  /** The posts, rebuilt when a file in the directory changed since the last call. */
  current(): PostCollection;
  /** Rebuilds from the files now, whatever changed; throws when the directory cannot be read. */
  regenerate(): PostCollection;
};

type Log = { error(obj: object, msg: string): void };

/**
 * The posts of a directory, kept in memory. Each call looks at the files' names, sizes and times
 * (a few stat calls) and rebuilds only when they changed, so a new or edited post appears without a
 * restart. Problems are logged once per change, not on every request.
 */
export function createPostLibrary(
  options: { dir?: string; publicDir?: string; log?: Log } = {},
): PostLibrary {
  const dir = path.resolve(options.dir ?? DEFAULT_BLOG_DIR);
  const lookupImage = publicImageLookup(options.publicDir ?? DEFAULT_PUBLIC_DIR);
  const log = options.log ?? logger;
  let cached: { signature: string; collection: PostCollection } | null = null;

  function signature(): string {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => {
        const s = statSync(path.join(dir, name));
        return `${name}:${s.size}:${s.mtimeMs}`;
      })
      .join("|");
  }

  function build(sig: string): PostCollection {
    const collection = buildPosts(readPostFiles(dir), lookupImage);
    for (const p of collection.problems) log.error({ file: p.file }, `post left out: ${p.message}`);
    cached = { signature: sig, collection };
    return collection;
  }

  return {
    current() {
      let sig: string;
      try {
        sig = signature();
      } catch (error) {
        log.error({ dir, err: String(error) }, "cannot read the blog directory; no posts are published");
        return { posts: [], problems: [{ file: dir, message: `${dir}: the directory cannot be read` }] };
      }
      if (cached?.signature === sig) return cached.collection;
      return build(sig);
    },
    regenerate() {
      return build(signature());
    },
  };
}

/** One library per blog folder, made at its first read: as many as publications with a blog/. */
const libraries = new Map<string, PostLibrary>();

/**
 * A publication's posts: its own blog/ folder's (`dir`), else the bundled site's content/blog/*.md;
 * images are the site's, in public/images/blog/.
 */
export function postLibrary(dir: string = DEFAULT_BLOG_DIR): PostLibrary {
  const key = path.resolve(dir);
  let library = libraries.get(key);
  if (!library) {
    library = createPostLibrary({ dir: key });
    libraries.set(key, library);
  }
  return library;
}

/** Posts whose time has come (publishedAt ≤ now), newest first. */
export function publishedPosts(collection: PostCollection, now: Date = new Date()): Post[] {
  const cutoff = now.toISOString();
  return collection.posts.filter((p) => p.publishedAt <= cutoff);
}

export function toPostSummary(post: Post): PostSummary {
  const srcSet = imageSrcSet(post.image);
  return {
    slug: post.slug,
    url: postPath(post.slug),
    title: post.title,
    description: post.description,
    author: post.author,
    category: post.category,
    publishedAt: post.publishedAt,
    ...(post.updatedAt ? { updatedAt: post.updatedAt } : {}),
    image: { src: post.image.path, alt: post.image.alt, ...(srcSet ? { srcSet } : {}) },
    readTime: post.readTime,
  };
}

/** The date a post last changed: its update, else its publication. */
export function postModifiedAt(post: Post): string {
  return post.updatedAt ?? post.publishedAt;
}
