import type { DatabaseSync } from "node:sqlite";

/** Whether a stored article names this image (the image proxy relays nothing else). */
export function isStoredImage(db: DatabaseSync, url: string): boolean {
  return db.prepare("SELECT 1 FROM articles WHERE image_url = ? LIMIT 1").get(url) !== undefined;
}
