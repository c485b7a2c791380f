import type { NewsReader } from "#server/news/reader.server.ts";
import type { Post } from "#server/publishing/posts.server.ts";
import type { Store } from "#server/store/store.ts";
import { buildEditionContent } from "./edition-content.server.ts";
import { dayIn } from "./send-time.server.ts";
import { type MailSite, renderEdition } from "./templates/render.server.ts";

export type EditionDeps = {
  store: Pick<Store, "editions" | "subscribers">;
  reader: Pick<NewsReader, "getSectionArticles">;
  posts: () => readonly Post[];
  site: MailSite;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
};

export type EditionResult =
  | { status: "created"; id: number; day: string; recipients: number }
  | { status: "exists"; id: number; day: string; recipients: number }
  | { status: "empty"; day: string }
  | { status: "no-subscribers"; day: string };

/**
 * The day's edition: made once (the store's unique day decides between processes), from the top
 * headlines of each home block as they stand now and our newest post, rendered once, and queued
 * for every confirmed address in the same transaction. Nothing is made when there is nothing to
 * tell (no block has real headlines and there is no post): no invented edition.
 */
export async function makeEdition(deps: EditionDeps, now: Date = new Date()): Promise<EditionResult> {
  const day = dayIn(now, deps.site.timeZone);
  const existing = await deps.store.editions.byDay(day);
  if (existing) return { status: "exists", id: existing.id, day, recipients: existing.recipients };
  // Nobody to send it to: nothing is read or made (a fresh site, a test server).
  if ((await deps.store.subscribers.mailable()) === 0) return { status: "no-subscribers", day };
  const content = await buildEditionContent({
    reader: deps.reader,
    posts: deps.posts,
    siteUrl: deps.site.siteUrl,
    now,
    timeZone: deps.site.timeZone,
    log: deps.log,
  });
  if (content.blocks.length === 0 && !content.post) {
    deps.log.warn({ day }, "no edition today: no section has headlines and there is no post");
    return { status: "empty", day };
  }
  const words = await renderEdition(content, deps.site);
  const made = await deps.store.editions.create(day, words, now);
  if (made.created)
    deps.log.info({ day, edition: made.id, recipients: made.recipients }, "edition made and queued");
  return { status: made.created ? "created" : "exists", id: made.id, day, recipients: made.recipients };
}
