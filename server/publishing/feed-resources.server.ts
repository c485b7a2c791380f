import type { RequestHandler } from "express";
import { IMAGE_PREFIX } from "./posts.server.ts";
import { RSS_IMAGE } from "./rss.server.ts";

/** The feed and the images it names (channel image, post enclosures). */
export function isFeedResource(path: string): boolean {
  return path === "/rss.xml" || path === RSS_IMAGE.path || path.startsWith(IMAGE_PREFIX);
}

/**
 * Web feed readers fetch /rss.xml and show its images from their own origin, which our default
 * `Cross-Origin-Resource-Policy: same-origin` forbids. These public files are served `cross-origin`
 * (mount after the security headers); everything else stays same-origin.
 */
export const feedResourcesCrossOrigin: RequestHandler = (req, res, next) => {
  if (isFeedResource(req.path)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  next();
};
