/** Our own blog posts as pages show them (the full posts are built on the server). */
export type PostSummary = {
  slug: string;
  /** Site-relative address: /blog/{slug}. */
  url: string;
  title: string;
  description: string;
  author: string;
  category: string;
  /** ISO 8601 (UTC). */
  publishedAt: string;
  updatedAt?: string;
  /** srcSet: narrower variants and the original, when the image has them (see PostImage's sizes). */
  image: { src: string; alt: string; srcSet?: string };
  /** Minutes to read: words / 200, rounded, at least 1. */
  readTime: number;
};

/**
 * Post illustrations are 1200x675 (16:9), the width their srcset gives the original; pages give the
 * box its size before the image arrives.
 */
export const POST_IMAGE_WIDTH = 1200;
export const POST_IMAGE_HEIGHT = 675;

export function postPath(slug: string): string {
  return `/blog/${slug}`;
}
