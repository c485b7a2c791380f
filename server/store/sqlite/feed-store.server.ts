import type { DatabaseSync, StatementSync } from "node:sqlite";
import { BUNDLED_SLUG } from "#domain/publication.ts";
import { isFeedSectionKey } from "#domain/sections.ts";
import {
  type FeedItem,
  type FeedReads,
  type FeedResult,
  type FeedStore,
  type FeedsConfig,
  type PlacedItem,
  SEARCH_RANKED,
  type SearchRow,
} from "#server/store/feed-store.ts";
import { highlight, isPrefix, snippet, toSearchTerms } from "#server/store/postgres/search-text.ts";
import { transaction } from "./db.server.ts";
import {
  feedListDigest,
  fieldValues,
  type KnownItem,
  mergeArchive,
  PUBLISHER_COLUMNS,
  PUBLISHER_JOIN,
  placed,
  placedOnce,
  planRefresh,
  type Row,
  rowToItem,
  rowToState,
  STORY_KEY,
  searchCountOf,
  sectionRows,
  str,
  wantedFeeds,
} from "./feed-rows.server.ts";

export type { FeedState, FeedStatus, FeedStore, PlacedItem, SearchRow } from "#server/store/feed-store.ts";

/**
 * Turns what a visitor typed into a safe FTS5 query: the words only (letters and digits), each
 * quoted, all required, the last one as a prefix when long enough (isPrefix). Operators, quotes
 * and column filters in the input become plain words, so no input can make MATCH throw. Undefined
 * when there is nothing to search.
 */
export function toFtsQuery(input: string): string | undefined {
  const words = input.normalize("NFKC").match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  const kept = words.slice(0, 12);
  return kept.map((w, i) => (i === kept.length - 1 && isPrefix(w) ? `"${w}"*` : `"${w}"`)).join(" ");
}

// The first section (in the spec's order) of publication ?1 that shows the article's feed, and the
// feed's publisher.
const PLACEMENT = `
  JOIN feed_sections fs ON fs.feed_url = a.feed_url AND fs.publication = ?1
   AND fs.section_rank = (SELECT MIN(section_rank) FROM feed_sections WHERE feed_url = a.feed_url AND publication = ?1)
  ${PUBLISHER_JOIN}`;

// Whether FTS row f.rowid is an article of publication ?1's feeds.
const OF_PUBLICATION = `EXISTS (SELECT 1 FROM articles a2 JOIN feed_sections fs2
  ON fs2.feed_url = a2.feed_url AND fs2.publication = ?1 WHERE a2.id = f.rowid)`;

/**
 * The ids on one page of a section's archive for `feeds` of its feeds (ADR 0011): each feed's rows
 * newest first through articles_feed_order, leaving out its first `skip` current items (page 1's:
 * the cut is the order key of its item number `skip`), merged (MERGE (UNION ALL)), never sorted:
 * the merge reads each feed only as far as the page needs, so a page reads about as many rows as
 * it skips and shows, plus one a feed. Ids only: whole rows through the merge cost four times as
 * much. (A LIMIT per feed, as on PostgreSQL, would make SQLite sort each feed instead.)
 * Parameters: ?1 skip, ?2 limit, ?3 offset, then one feed URL each.
 */
export function archivePage(feeds: number): string {
  const branch = (n: number) => `SELECT a.id, a.published_at FROM articles a WHERE a.feed_url = ?${n}
     AND (a.position IS NULL OR a.position >= (SELECT position FROM articles WHERE feed_url = ?${n}
          AND position IS NOT NULL ORDER BY position LIMIT 1 OFFSET ?1))`;
  return `${Array.from({ length: feeds }, (_, i) => branch(i + 4)).join(" UNION ALL ")}
    ORDER BY published_at DESC, id DESC LIMIT ?2 OFFSET ?3`;
}

// A section's feeds, each with the order key of its item number `skip` (parameters: skip,
// publication, section).
const ARCHIVE_CUT = `
  SELECT fs.feed_url, fs.section, fs.feed_index, fs.feed_count,
         (SELECT position FROM articles WHERE feed_url = fs.feed_url AND position IS NOT NULL
          ORDER BY position LIMIT 1 OFFSET ?) AS cutoff
  FROM feed_sections fs WHERE fs.publication = ? AND fs.section = ?`;

/** All SQL for feeds and their articles (SQLite). One instance per open database. */
export function createFeedStore(db: DatabaseSync): FeedStore {
  const q = {
    // The server's list names its publishers; a CLI's (prune: false) only names feeds it adds.
    upsertFeed: db.prepare(
      `INSERT INTO feeds (url, name) VALUES (?, ?)
       ON CONFLICT (url) DO UPDATE SET name = excluded.name WHERE feeds.name IS NOT excluded.name`,
    ),
    addFeed: db.prepare("INSERT INTO feeds (url, name) VALUES (?, ?) ON CONFLICT (url) DO NOTHING"),
    clearSections: db.prepare("DELETE FROM feed_sections WHERE publication = ?"),
    anySection: db.prepare("SELECT 1 FROM feed_sections WHERE publication = ? LIMIT 1"),
    insertSection: db.prepare(
      `INSERT INTO feed_sections (publication, feed_url, section, feed_index, feed_count, section_rank)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    digests: db.prepare("SELECT publication, digest FROM publication_feed_lists"),
    setDigest: db.prepare(
      `INSERT INTO publication_feed_lists (publication, digest) VALUES (?, ?)
       ON CONFLICT (publication) DO UPDATE SET digest = excluded.digest`,
    ),
    dropDigest: db.prepare("DELETE FROM publication_feed_lists WHERE publication = ?"),
    allFeeds: db.prepare("SELECT url, name FROM feeds"),
    keptFeeds: db.prepare(
      "SELECT DISTINCT feed_url FROM feed_sections WHERE publication IN (SELECT value FROM json_each(?))",
    ),
    deleteFeed: db.prepare("DELETE FROM feeds WHERE url = ?"),
    feed: db.prepare("SELECT * FROM feeds WHERE url = ?"),
    anyReached: db.prepare(
      "SELECT 1 FROM feeds WHERE last_success_at IS NOT NULL AND url IN (SELECT value FROM json_each(?)) LIMIT 1",
    ),
    feeds: db.prepare(
      `SELECT f.*, (SELECT COUNT(*) FROM articles a WHERE a.feed_url = f.url) AS article_count,
              (SELECT json_group_array(section) FROM
                 (SELECT DISTINCT section, section_rank FROM feed_sections WHERE feed_url = f.url
                  ORDER BY section_rank)) AS sections
       FROM feeds f ORDER BY (SELECT MIN(section_rank) FROM feed_sections WHERE feed_url = f.url) NULLS LAST, f.url`,
    ),
    known: db.prepare(
      "SELECT id, item_key, position, fingerprint, first_seen_at FROM articles WHERE feed_url = ?",
    ),
    insertItem: db.prepare(
      `INSERT INTO articles (feed_url, item_key, position, guid, title, excerpt, content, link, image_url,
                             author, published_at, dated, read_time, categories, first_seen_at, fingerprint)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateItem: db.prepare(
      `UPDATE articles SET position = ?, guid = ?, title = ?, excerpt = ?, content = ?, link = ?,
         image_url = ?, author = ?, published_at = ?, dated = ?, read_time = ?, categories = ?, fingerprint = ?
       WHERE id = ?`,
    ),
    movePosition: db.prepare("UPDATE articles SET position = ? WHERE id = ?"),
    success: db.prepare(
      `UPDATE feeds SET title = COALESCE(?, title), etag = ?, last_modified = ?, last_attempt_at = ?,
         last_success_at = ?, last_error = NULL, consecutive_failures = 0, next_check_at = ?
       WHERE url = ?`,
    ),
    notModified: db.prepare(
      `UPDATE feeds SET last_attempt_at = ?, last_success_at = ?, last_error = NULL,
         consecutive_failures = 0, next_check_at = ? WHERE url = ?`,
    ),
    failure: db.prepare(
      `UPDATE feeds SET last_attempt_at = ?, last_error = ?, consecutive_failures = consecutive_failures + 1,
         next_check_at = ? WHERE url = ? RETURNING consecutive_failures`,
    ),
    setNextCheck: db.prepare("UPDATE feeds SET next_check_at = ? WHERE url = ?"),
    items: db.prepare(
      `SELECT a.*, ${PUBLISHER_COLUMNS} FROM articles a ${PUBLISHER_JOIN}
       WHERE a.feed_url = ? AND a.position IS NOT NULL ORDER BY a.position LIMIT ?`,
    ),
    // Each feed's head through the articles_current index: a bounded read per feed, one statement.
    sectionItems: db.prepare(
      `SELECT a.*, fs.feed_index, ${PUBLISHER_COLUMNS} FROM feed_sections fs JOIN articles a ON a.id IN (
         SELECT id FROM articles WHERE feed_url = fs.feed_url AND position IS NOT NULL ORDER BY position LIMIT ?)
       ${PUBLISHER_JOIN}
       WHERE fs.publication = ? AND fs.section = ? ORDER BY fs.feed_index, a.position`,
    ),
    sectionFeeds: db.prepare("SELECT COUNT(*) AS n FROM feed_sections WHERE publication = ? AND section = ?"),
    rowsById: db.prepare(
      `SELECT a.*, ${PUBLISHER_COLUMNS} FROM articles a ${PUBLISHER_JOIN}
       WHERE a.id IN (SELECT value FROM json_each(?))`,
    ),
    sectionFeedList: db.prepare(
      `SELECT feed_url, section, feed_index, feed_count FROM feed_sections
       WHERE publication = ? AND section = ? ORDER BY feed_index`,
    ),
    hasArchive: db.prepare(
      `WITH cut AS MATERIALIZED (${ARCHIVE_CUT})
       SELECT 1 AS found FROM cut JOIN articles a ON a.feed_url = cut.feed_url
       WHERE a.position IS NULL OR a.position >= cut.cutoff LIMIT 1`,
    ),
    count: db.prepare("SELECT COUNT(*) AS n FROM articles WHERE feed_url = ?"),
    // Ties (one publication time) in the order the items were first stored, on both stores.
    latest: db.prepare(
      `SELECT a.*, fs.section, fs.feed_index, fs.feed_count, ${PUBLISHER_COLUMNS} FROM articles a ${PLACEMENT}
       ORDER BY a.published_at DESC, a.id LIMIT ?2`,
    ),
    newest: db.prepare(
      `SELECT MAX(a.published_at) AS newest FROM articles a
       JOIN feed_sections fs ON fs.feed_url = a.feed_url WHERE fs.publication = ? AND fs.section = ?`,
    ),
    // Ranking first, on ids only: highlight() and snippet() then run on one page of rows, never
    // on the whole match set. Only the newest SEARCH_RANKED matches are ranked (FTS5 reads its
    // lists newest row first and stops there): a word in every article costs as much as a rarer one.
    // One row per story (a link carried by two feeds is one result) and only placed rows, before
    // LIMIT/OFFSET: pages then follow one another without repeats or gaps, as searchCount counts.
    searchIds: db.prepare(
      `SELECT id FROM (
         SELECT m.id, m.rank, a.published_at,
           ROW_NUMBER() OVER (PARTITION BY ${STORY_KEY} ORDER BY m.rank, a.published_at DESC, a.id) AS story_n
         FROM (
           SELECT f.rowid AS id, bm25(articles_fts, 5.0, 1.0) AS rank FROM articles_fts f
           WHERE articles_fts MATCH ?2 AND ${OF_PUBLICATION} ORDER BY f.rowid DESC LIMIT ${SEARCH_RANKED}) m
         JOIN articles a ON a.id = m.id)
       WHERE story_n = 1
       ORDER BY rank, published_at DESC, id LIMIT ?3 OFFSET ?4`,
    ),
    // How many stories a search ranks (repeated links once): counted up to one past the ranked
    // bound, in any order (no sort), so a word in every article costs what it does in searchIds.
    searchCount: db.prepare(
      `SELECT COUNT(*) AS matched, COUNT(DISTINCT ${STORY_KEY}) AS stories FROM (
         SELECT f.rowid AS id FROM articles_fts f WHERE articles_fts MATCH ?2 AND ${OF_PUBLICATION}
         LIMIT ${SEARCH_RANKED + 1}) m
       JOIN articles a ON a.id = m.id`,
    ),
    // The page's rows by id. The matches are marked in code (search-text.ts, as on PostgreSQL):
    // FTS5's highlight() needs a MATCH, which for a prefix merges the prefix's whole lists again.
    searchRows: db.prepare(
      `SELECT a.*, fs.section, fs.feed_index, fs.feed_count, ${PUBLISHER_COLUMNS} FROM articles a ${PLACEMENT}
       WHERE a.id IN (SELECT value FROM json_each(?2))`,
    ),
    prune: db.prepare(
      `DELETE FROM articles WHERE id IN (
         SELECT id FROM articles WHERE published_at < ? AND position IS NULL LIMIT ?)`,
    ),
  };

  // One archive statement per number of feeds merged (at most MERGE_FEEDS statements).
  const archivePages = new Map<number, StatementSync>();
  const archiveStatement = (feeds: number) => {
    const known = archivePages.get(feeds);
    if (known) return known;
    const statement = db.prepare(archivePage(feeds));
    archivePages.set(feeds, statement);
    return statement;
  };

  function writeSections(publication: string, config: FeedsConfig) {
    q.clearSections.run(publication);
    for (const row of sectionRows(config))
      q.insertSection.run(publication, row.url, row.section, row.index, row.count, row.rank);
    q.setDigest.run(publication, feedListDigest(config));
  }

  function syncPublications(
    lists: ReadonlyMap<string, FeedsConfig>,
    prune: boolean,
    keep: readonly string[] = [],
  ): string[] {
    return transaction(db, () => {
      const wanted = wantedFeeds(lists);
      const written: string[] = [];
      if (!prune) {
        // A CLI's list: feeds it lacks are added (named), and a publication with no sections gets its own.
        for (const [url, name] of wanted) q.addFeed.run(url, name);
        for (const [publication, config] of lists) {
          if (q.anySection.get(publication) !== undefined) continue;
          writeSections(publication, config);
          written.push(publication);
        }
        return written;
      }
      const stored = new Map((q.allFeeds.all() as Row[]).map((r) => [String(r.url), str(r.name) ?? null]));
      const kept = new Set((q.keptFeeds.all(JSON.stringify(keep)) as Row[]).map((r) => String(r.feed_url)));
      for (const url of stored.keys()) if (!wanted.has(url) && !kept.has(url)) q.deleteFeed.run(url);
      for (const [url, name] of wanted) if (stored.get(url) !== name) q.upsertFeed.run(url, name);
      const digests = new Map(
        (q.digests.all() as Row[]).map((r) => [String(r.publication), String(r.digest)]),
      );
      for (const publication of digests.keys()) {
        if (lists.has(publication) || keep.includes(publication)) continue;
        q.clearSections.run(publication);
        q.dropDigest.run(publication);
      }
      for (const [publication, config] of lists) {
        if (digests.get(publication) === feedListDigest(config)) continue;
        writeSections(publication, config);
        written.push(publication);
      }
      return written;
    });
  }

  /** What one publication's pages read (its sections, its newest, its search). */
  function readsFor(publication: string): FeedReads {
    return {
      async sectionItems(section, perFeed) {
        const n = Number((q.sectionFeeds.get(publication, section) as Row | undefined)?.n ?? 0);
        const lists: FeedItem[][] = Array.from({ length: n }, () => []);
        if (perFeed <= 0) return lists;
        for (const row of q.sectionItems.all(perFeed, publication, section) as Row[]) {
          const list = lists[Number(row.feed_index)];
          list?.push(rowToItem(row, list.length));
        }
        return lists;
      },

      async sectionArchive(section, limit, offset, skipCurrent = 0) {
        if (limit < 1) return [];
        const feeds = q.sectionFeedList.all(publication, section) as Row[];
        const skip = Math.max(0, skipCurrent);
        const from = Math.max(0, offset);
        const rows = await mergeArchive(feeds, limit, from, {
          ids: (urls, _perFeed, lim, off) =>
            archiveStatement(urls.length).all(skip, lim, off, ...urls) as Row[],
          rows: (ids) => q.rowsById.all(JSON.stringify(ids)) as Row[],
        });
        return rows.map(placed).filter((p): p is PlacedItem => p !== undefined);
      },

      async hasArchive(section, skipCurrent) {
        return q.hasArchive.get(Math.max(0, skipCurrent), publication, section) !== undefined;
      },

      async latest(limit) {
        return placedOnce(q.latest.all(publication, limit * 2) as Row[], limit);
      },

      async newestPublishedAt(section) {
        return str((q.newest.get(publication, section) as Row | undefined)?.newest);
      },

      async search(query, limit, offset = 0) {
        const fts = toFtsQuery(query);
        const terms = toSearchTerms(query)?.words ?? [];
        if (!fts || limit < 1) return [];
        const ids = (q.searchIds.all(publication, fts, limit, Math.max(0, offset)) as Row[]).map((r) =>
          Number(r.id),
        );
        if (ids.length === 0) return [];
        const byId = new Map<number, Row>();
        for (const row of q.searchRows.all(publication, JSON.stringify(ids)) as Row[])
          byId.set(Number(row.id), row);
        // One row per story already (searchIds).
        const result: SearchRow[] = [];
        for (const id of ids) {
          const row = byId.get(id);
          const p = row && placed(row);
          if (!p) continue;
          result.push({
            ...p,
            title: highlight(p.item.title, terms),
            excerpt: snippet(p.item.excerpt, terms),
          });
        }
        return result;
      },

      async searchCount(query) {
        const fts = toFtsQuery(query);
        if (!fts) return { total: 0, capped: false };
        return searchCountOf(q.searchCount.get(publication, fts) as Row);
      },
    };
  }

  return {
    ...readsFor(BUNDLED_SLUG),
    reads: readsFor,

    async syncFeeds(config, { prune = true, publication = BUNDLED_SLUG } = {}) {
      syncPublications(new Map([[publication, config]]), prune);
    },

    async syncPublications(lists, { prune = true, keep } = {}) {
      return { written: syncPublications(lists, prune, keep) };
    },

    async feed(url) {
      const row = q.feed.get(url) as Row | undefined;
      return row ? rowToState(row) : undefined;
    },

    async anyReached(urls) {
      return q.anyReached.get(JSON.stringify(urls)) !== undefined;
    },

    async feeds() {
      return (q.feeds.all() as Row[]).map((row) => ({
        ...rowToState(row),
        sections: (JSON.parse(String(row.sections)) as string[]).filter(isFeedSectionKey),
        articleCount: Number(row.article_count),
      }));
    },

    async saveSuccess(url: string, result: FeedResult, at: string, nextCheckAt: string) {
      return transaction(db, () => {
        const known: KnownItem[] = (q.known.all(url) as Row[]).map((row) => ({
          id: Number(row.id),
          key: String(row.item_key),
          position: row.position === null ? null : Number(row.position),
          fingerprint: String(row.fingerprint),
          firstSeenAt: String(row.first_seen_at),
        }));
        const plan = planRefresh(known, result, at);
        for (const m of plan.moves) q.movePosition.run(m.position, m.id);
        for (const u of plan.updates)
          q.updateItem.run(u.position, ...fieldValues(u.fields), u.fingerprint, u.id);
        for (const i of plan.inserts)
          q.insertItem.run(url, i.key, i.position, ...fieldValues(i.fields), i.firstSeenAt, i.fingerprint);
        q.success.run(
          result.title ?? null,
          result.etag ?? null,
          result.lastModified ?? null,
          at,
          at,
          nextCheckAt,
          url,
        );
        return { changed: plan.changed };
      });
    },

    async saveNotModified(url, at, nextCheckAt) {
      q.notModified.run(at, at, nextCheckAt, url);
    },

    async saveFailure(url, error, at, nextCheckAt) {
      // all(), not get(): get() stops at the first row and a write SQLite then discards (disk
      // full) would still look done; stepping to the end surfaces the real error.
      const rows = q.failure.all(at, error, nextCheckAt, url) as Row[];
      return Number(rows[0]?.consecutive_failures ?? 0);
    },

    async setNextCheck(url, nextCheckAt) {
      q.setNextCheck.run(nextCheckAt, url);
    },

    async items(url, limit = -1) {
      return (q.items.all(url, limit) as Row[]).map((row, index) => rowToItem(row, index));
    },

    async articleCount(url) {
      return Number((q.count.get(url) as Row | undefined)?.n ?? 0);
    },

    async pruneArchive(before, batch) {
      return Number(q.prune.run(before, batch).changes);
    },
  };
}
