/** Post slugs: lower case, words joined by hyphens, at most 60 characters. */
export const MAX_SLUG_LENGTH = 60;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a slug an author may set in front matter. */
export function isValidSlug(slug: string): boolean {
  return slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug);
}

/** Small words a shortened slug should not end on ("…-in-the-cold-and-how" reads "…-in-the-cold"). */
const DANGLING = new Set([
  "a",
  "an",
  "and",
  "at",
  "but",
  "by",
  "for",
  "from",
  "how",
  "in",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);

/**
 * Cuts a slug to `max` characters: at a hyphen when one is near (whole words), never ending on a
 * hyphen or, when words were dropped, on a dangling small word.
 */
function cut(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max);
  // Whole words when the last hyphen keeps at least two thirds of the room; otherwise a hard cut.
  const hyphen = slug[max] === "-" ? max : head.lastIndexOf("-");
  if (hyphen < Math.ceil((max * 2) / 3)) return head.replace(/-+$/, "");
  const words = head.slice(0, hyphen).split("-");
  while (words.length > 1 && DANGLING.has(words.at(-1) ?? "")) words.pop();
  return words.join("-");
}

/**
 * The slug of a title: accents dropped, "&" read as "and", apostrophes removed ("driver's" →
 * "drivers"), every other run of non-letters and non-digits a single hyphen. The same title always
 * gives the same slug. A title with no letters or digits gives "post".
 */
export function slugify(title: string, max = MAX_SLUG_LENGTH): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’‘`]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cut(slug, max) || "post";
}

/**
 * Slugs for a list of posts, in the list's order, each unique. A slug set in front matter is kept as
 * it is (two equal ones are an error the caller reports); a slug from the title that is taken gets
 * "-2", "-3"… (cut so the whole stays within 60). Callers pass posts oldest first, so a new post
 * never changes the slug, and so the address, of one already published.
 */
export function assignSlugs(posts: ReadonlyArray<{ title: string; slug?: string }>): string[] {
  const taken = new Set(posts.map((p) => p.slug).filter((s): s is string => Boolean(s)));
  return posts.map((post) => {
    if (post.slug) return post.slug;
    const base = slugify(post.title);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) {
      const suffix = `-${n}`;
      slug = `${cut(base, MAX_SLUG_LENGTH - suffix.length)}${suffix}`;
    }
    taken.add(slug);
    return slug;
  });
}
