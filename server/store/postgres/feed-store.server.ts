import type pg from "pg";
import { BUNDLED_SLUG } from "#domain/publication.ts";
import { isFeedSectionKey } from "#domain/sections.ts";
import {
  type FeedItem,
  type FeedReads,
  type FeedStore,
  type FeedsConfig,
  type PlacedItem,
  SEARCH_RANKED,
  type SearchRow,
} from "#server/store/feed-store.ts";
import {
  feedListDigest,
  fieldValues,
  type ItemFields,
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
} from "#server/store/sqlite/feed-rows.server.ts";
import { type Queryable, withTransaction } from "./db.server.ts";
import { highlight, searchDocument, snippet, toSearchTerms } from "./search-text.ts";

/**
 * The ids on one page of a section's archive for `feeds` of its feeds, as on SQLite (ADR 0011):
 * each feed's rows newest first through articles_feed_order, past page 1's (the cut at its item
 * number $1), at most $2 of them (which is also what makes the planner take each feed's index, not
 * a sort), in a Merge Append. Parameters: $1 skip, $2 rows per feed, $3 limit, $4 offset, then the
 * feed URLs.
 */
export function archivePage(feeds: number): string {
  const branch = (n: number) => `(SELECT a.id, a.published_at FROM articles a WHERE a.feed_url = $${n}
     AND (a.position IS NULL OR a.position >= (SELECT position FROM articles WHERE feed_url = $${n}
          AND position IS NOT NULL ORDER BY position LIMIT 1 OFFSET $1))
     ORDER BY a.published_at DESC, a.id DESC LIMIT $2)`;
  return `SELECT * FROM (${Array.from({ length: feeds }, (_, i) => branch(i + 5)).join(" UNION ALL ")}) page
    ORDER BY published_at DESC, id DESC LIMIT $3 OFFSET $4`;
}

// A section's feeds, each with the order key of its item number $2 ($1: the section, $3: the
// publication).
const ARCHIVE_CUT = `
  SELECT fs.feed_url, fs.section, fs.feed_index, fs.feed_count,
         (SELECT position FROM articles WHERE feed_url = fs.feed_url AND position IS NOT NULL
          ORDER BY position LIMIT 1 OFFSET $2) AS cutoff
  FROM feed_sections fs WHERE fs.publication = $3 AND fs.section = $1`;

// The first section (in the spec's order) of publication $N that shows the article's feed, and the
// feed's publisher.
const placement = (n: number) => `
  JOIN feed_sections fs ON fs.feed_url = a.feed_url AND fs.publication = $${n}
   AND fs.section_rank = (SELECT MIN(section_rank) FROM feed_sections WHERE feed_url = a.feed_url AND publication = $${n})
  ${PUBLISHER_JOIN}`;

// Whether the row of `articles` is one of publication $N's feeds.
const ofPublication = (n: number) =>
  `EXISTS (SELECT 1 FROM feed_sections fs2 WHERE fs2.feed_url = articles.feed_url AND fs2.publication = $${n})`;

// Title counts five times the excerpt (weights D, C, B, A), as bm25(…, 5.0, 1.0) on SQLite.
const RANK = "ts_rank('{0, 0, 0.2, 1}', a.search, q)";

/** The search column's value for a title and excerpt: $t weight A, $e weight B (folded words). */
const SEARCH = (t: string, e: string) =>
  `setweight(to_tsvector('simple', ${t}), 'A') || setweight(to_tsvector('simple', ${e}), 'B')`;

/** -1 or undefined (no limit, as SQLite's LIMIT -1) is NULL for PostgreSQL's LIMIT. */
const limitOf = (n: number | undefined) => (n === undefined || n < 0 ? null : n);

async function rows(db: Queryable, text: string, values: unknown[] = []): Promise<Row[]> {
  return (await db.query(text, values)).rows as Row[];
}

function itemParams(f: ItemFields) {
  // A missing title is the NOT NULL constraint's to report, not the folding's.
  const text = (v: unknown) => (typeof v === "string" ? searchDocument(v) : "");
  return [...fieldValues(f), text(f.title), text(f.excerpt)];
}

/**
 * All SQL for feeds and their articles (PostgreSQL). One instance per pool. A refresh's or the
 * start's transaction (syncFeeds, saveSuccess) runs on `writePool`: the web process's request pool
 * bounds every statement, and those may rightly take longer.
 */
export function createPostgresFeedStore(
  pool: pg.Pool,
  ready: () => Promise<void>,
  writePool: pg.Pool = pool,
): FeedStore {
  const read = async (text: string, values: unknown[] = []) => {
    await ready();
    return rows(pool, text, values);
  };
  const write = async <T>(fn: (client: pg.PoolClient) => Promise<T>) => {
    await ready();
    return withTransaction(writePool, fn);
  };

  /** What one publication's pages read (its sections, its newest, its search). */
  function readsFor(publication: string): FeedReads {
    return {
      async sectionItems(section, perFeed) {
        const [count] = await read(
          "SELECT COUNT(*) AS n FROM feed_sections WHERE publication = $1 AND section = $2",
          [publication, section],
        );
        const lists: FeedItem[][] = Array.from({ length: Number(count?.n ?? 0) }, () => []);
        if (perFeed <= 0) return lists;
        // Each feed's head through the articles_current index: a bounded read per feed, one statement.
        const list = await read(
          `SELECT a.*, fs.feed_index, ${PUBLISHER_COLUMNS} FROM feed_sections fs CROSS JOIN LATERAL (
             SELECT * FROM articles WHERE feed_url = fs.feed_url AND position IS NOT NULL ORDER BY position LIMIT $1) a
           ${PUBLISHER_JOIN}
           WHERE fs.publication = $3 AND fs.section = $2 ORDER BY fs.feed_index, a.position`,
          [perFeed, section, publication],
        );
        for (const row of list) {
          const list = lists[Number(row.feed_index)];
          list?.push(rowToItem(row, list.length));
        }
        return lists;
      },

      async sectionArchive(section, limit, offset, skipCurrent = 0) {
        if (limit < 1) return [];
        const feeds = await read(
          `SELECT feed_url, section, feed_index, feed_count FROM feed_sections
           WHERE publication = $2 AND section = $1 ORDER BY feed_index`,
          [section, publication],
        );
        const skip = Math.max(0, skipCurrent);
        const list = await mergeArchive(feeds, limit, Math.max(0, offset), {
          ids: (urls, perFeed, lim, off) =>
            read(archivePage(urls.length), [skip, perFeed, lim, off, ...urls]),
          rows: (ids) =>
            read(`SELECT a.*, ${PUBLISHER_COLUMNS} FROM articles a ${PUBLISHER_JOIN} WHERE a.id = ANY($1)`, [
              ids,
            ]),
        });
        return list.map(placed).filter((p): p is PlacedItem => p !== undefined);
      },

      async hasArchive(section, skipCurrent) {
        const list = await read(
          `WITH cut AS MATERIALIZED (${ARCHIVE_CUT})
           SELECT 1 AS found FROM cut JOIN articles a ON a.feed_url = cut.feed_url
           WHERE a.position IS NULL OR a.position >= cut.cutoff LIMIT 1`,
          [section, Math.max(0, skipCurrent), publication],
        );
        return list.length > 0;
      },

      async latest(limit) {
        const list = await read(
          `SELECT a.*, fs.section, fs.feed_index, fs.feed_count, ${PUBLISHER_COLUMNS} FROM articles a ${placement(2)}
           ORDER BY a.published_at DESC, a.id LIMIT $1`,
          [limit * 2, publication],
        );
        return placedOnce(list, limit);
      },

      async newestPublishedAt(section) {
        const [row] = await read(
          `SELECT MAX(a.published_at) AS newest FROM articles a
           JOIN feed_sections fs ON fs.feed_url = a.feed_url WHERE fs.publication = $2 AND fs.section = $1`,
          [section, publication],
        );
        return str(row?.newest);
      },

      async search(query, limit, offset = 0) {
        const terms = toSearchTerms(query);
        if (!terms || limit < 1) return [];
        // Matches on the GIN index among the publication's feeds, the newest SEARCH_RANKED of them
        // ranked (as on SQLite), then one page of rows; highlights are marked on that page only.
        // One row per story (a link carried by two feeds is one result) before LIMIT/OFFSET, so
        // pages follow one another without repeats or gaps, as searchCount counts.
        const list = await read(
          `SELECT * FROM (
             SELECT a.*, fs.section, fs.feed_index, fs.feed_count, ${PUBLISHER_COLUMNS}, ${RANK} AS search_rank,
               ROW_NUMBER() OVER (PARTITION BY ${STORY_KEY} ORDER BY ${RANK} DESC, a.published_at DESC, a.id DESC) AS story_n
             FROM (SELECT id FROM articles, to_tsquery('simple', $1) q WHERE search @@ q AND ${ofPublication(4)}
                   ORDER BY id DESC LIMIT ${SEARCH_RANKED}) m
             JOIN articles a ON a.id = m.id ${placement(4)}, to_tsquery('simple', $1) q) r
           WHERE story_n = 1
           ORDER BY search_rank DESC, published_at DESC, id DESC LIMIT $2 OFFSET $3`,
          [terms.tsquery, limit, Math.max(0, offset), publication],
        );
        // One row per story already (story_n).
        const result: SearchRow[] = [];
        for (const row of list) {
          const p = placed(row);
          if (!p) continue;
          result.push({
            ...p,
            title: highlight(p.item.title, terms.words),
            excerpt: snippet(p.item.excerpt, terms.words),
          });
        }
        return result;
      },

      async searchCount(query) {
        const terms = toSearchTerms(query);
        if (!terms) return { total: 0, capped: false };
        // As on SQLite: up to one past the ranked bound, in any order (no sort), links counted once.
        const [row] = await read(
          `SELECT COUNT(*) AS matched, COUNT(DISTINCT ${STORY_KEY}) AS stories
           FROM (SELECT id FROM articles, to_tsquery('simple', $1) q WHERE search @@ q AND ${ofPublication(2)}
                 LIMIT ${SEARCH_RANKED + 1}) m
           JOIN articles a ON a.id = m.id`,
          [terms.tsquery, publication],
        );
        return searchCountOf(row);
      },
    };
  }

  /** As on SQLite (syncPublications there), in a few statements whatever the lists' size. */
  function syncPublications(
    lists: ReadonlyMap<string, FeedsConfig>,
    prune: boolean,
    keep: readonly string[] = [],
  ): Promise<string[]> {
    return write(async (db) => {
      // Processes starting together each sync the same lists: one at a time.
      await db.query("SELECT pg_advisory_xact_lock(hashtext('evnews:sync-feeds:' || current_schema()))");
      const wanted = wantedFeeds(lists);
      const written: string[] = [];
      const writeSections = async (publication: string, config: FeedsConfig) => {
        await db.query("DELETE FROM feed_sections WHERE publication = $1", [publication]);
        const list = sectionRows(config);
        await db.query(
          `INSERT INTO feed_sections (publication, feed_url, section, feed_index, feed_count, section_rank)
           SELECT $1, * FROM unnest($2::text[], $3::text[], $4::integer[], $5::integer[], $6::integer[])`,
          [
            publication,
            list.map((r) => r.url),
            list.map((r) => r.section),
            list.map((r) => r.index),
            list.map((r) => r.count),
            list.map((r) => r.rank),
          ],
        );
        await db.query(
          `INSERT INTO publication_feed_lists (publication, digest) VALUES ($1, $2)
           ON CONFLICT (publication) DO UPDATE SET digest = excluded.digest`,
          [publication, feedListDigest(config)],
        );
        written.push(publication);
      };
      const urls = [...wanted.keys()];
      const names = urls.map((u) => wanted.get(u) ?? null);
      if (!prune) {
        // A CLI's list: feeds it lacks are added (named), and a publication with no sections gets its own.
        await db.query(
          "INSERT INTO feeds (url, name) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (url) DO NOTHING",
          [urls, names],
        );
        for (const [publication, config] of lists) {
          const any = await rows(db, "SELECT 1 FROM feed_sections WHERE publication = $1 LIMIT 1", [
            publication,
          ]);
          if (any.length === 0) await writeSections(publication, config);
        }
        return written;
      }
      // A kept publication's feeds stay (its folder cannot be read now; nothing of it is lost).
      await db.query(
        `DELETE FROM feeds WHERE NOT (url = ANY($1::text[])) AND NOT EXISTS
           (SELECT 1 FROM feed_sections fs WHERE fs.feed_url = feeds.url AND fs.publication = ANY($2::text[]))`,
        [urls, [...keep]],
      );
      // The server's lists name their publishers: a name changes only where it differs.
      await db.query(
        `INSERT INTO feeds (url, name) SELECT * FROM unnest($1::text[], $2::text[])
         ON CONFLICT (url) DO UPDATE SET name = excluded.name WHERE feeds.name IS DISTINCT FROM excluded.name`,
        [urls, names],
      );
      const digests = new Map(
        (await rows(db, "SELECT publication, digest FROM publication_feed_lists")).map((r) => [
          String(r.publication),
          String(r.digest),
        ]),
      );
      const gone = [...digests.keys()].filter((p) => !lists.has(p) && !keep.includes(p));
      if (gone.length > 0) {
        await db.query("DELETE FROM feed_sections WHERE publication = ANY($1::text[])", [gone]);
        await db.query("DELETE FROM publication_feed_lists WHERE publication = ANY($1::text[])", [gone]);
      }
      for (const [publication, config] of lists) {
        if (digests.get(publication) !== feedListDigest(config)) await writeSections(publication, config);
      }
      return written;
    });
  }

  return {
    async syncFeeds(config, { prune = true, publication = BUNDLED_SLUG } = {}) {
      await syncPublications(new Map([[publication, config]]), prune);
    },

    async syncPublications(lists, { prune = true, keep } = {}) {
      return { written: await syncPublications(lists, prune, keep) };
    },

    reads: readsFor,
    ...readsFor(BUNDLED_SLUG),

    async feed(url) {
      const [row] = await read("SELECT * FROM feeds WHERE url = $1", [url]);
      return row ? rowToState(row) : undefined;
    },

    async anyReached(urls) {
      const found = await read(
        "SELECT 1 FROM feeds WHERE last_success_at IS NOT NULL AND url = ANY($1) LIMIT 1",
        [[...urls]],
      );
      return found.length > 0;
    },

    async feeds() {
      const list = await read(
        `SELECT f.*, (SELECT COUNT(*) FROM articles a WHERE a.feed_url = f.url) AS article_count,
                ARRAY(SELECT section FROM feed_sections WHERE feed_url = f.url
                      GROUP BY section ORDER BY MIN(section_rank)) AS sections
         FROM feeds f ORDER BY (SELECT MIN(section_rank) FROM feed_sections WHERE feed_url = f.url) NULLS LAST, f.url`,
      );
      return list.map((row) => ({
        ...rowToState(row),
        sections: (row.sections as string[]).filter(isFeedSectionKey),
        articleCount: Number(row.article_count),
      }));
    },

    async saveSuccess(url, result, at, nextCheckAt) {
      return write(async (db) => {
        // One refresh of a feed at a time, whichever process runs it.
        await db.query("SELECT 1 FROM feeds WHERE url = $1 FOR UPDATE", [url]);
        const known: KnownItem[] = (
          await rows(
            db,
            "SELECT id, item_key, position, fingerprint, first_seen_at FROM articles WHERE feed_url = $1",
            [url],
          )
        ).map((row) => ({
          id: Number(row.id),
          key: String(row.item_key),
          position: row.position === null ? null : Number(row.position),
          fingerprint: String(row.fingerprint),
          firstSeenAt: String(row.first_seen_at),
        }));
        const plan = planRefresh(known, result, at);
        // Moves and new items in one statement each (a first fetch of 400 items is one round trip).
        if (plan.moves.length > 0) {
          await db.query(
            `UPDATE articles SET position = u.position
             FROM unnest($1::bigint[], $2::integer[]) AS u(id, position) WHERE articles.id = u.id`,
            [plan.moves.map((m) => m.id), plan.moves.map((m) => m.position)],
          );
        }
        for (const u of plan.updates) {
          await db.query(
            `UPDATE articles SET position = $1, guid = $2, title = $3, excerpt = $4, content = $5, link = $6,
               image_url = $7, author = $8, published_at = $9, dated = $10, read_time = $11, categories = $12,
               search = ${SEARCH("$13", "$14")}, fingerprint = $15
             WHERE id = $16`,
            [u.position, ...itemParams(u.fields), u.fingerprint, u.id],
          );
        }
        if (plan.inserts.length > 0) {
          // Column-wise arrays, in the order of the insert's columns; unnest keeps the feed's order.
          const rowsOf = plan.inserts.map((i) => [
            i.key,
            i.position,
            ...itemParams(i.fields),
            i.firstSeenAt,
            i.fingerprint,
          ]);
          const columns = Array.from({ length: 17 }, (_, c) => rowsOf.map((r) => r[c] ?? null));
          await db.query(
            `INSERT INTO articles (feed_url, item_key, position, guid, title, excerpt, content, link, image_url,
                                   author, published_at, dated, read_time, categories, search, first_seen_at, fingerprint)
             SELECT $1, k, p, g, t, e, c, l, i, a, pa, d, r, cat, ${SEARCH("st", "se")}, fs, fp
             FROM unnest($2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                         $9::text[], $10::text[], $11::text[], $12::integer[], $13::integer[], $14::text[],
                         $15::text[], $16::text[], $17::text[], $18::text[])
               AS u(k, p, g, t, e, c, l, i, a, pa, d, r, cat, st, se, fs, fp)`,
            [url, ...columns],
          );
        }
        await db.query(
          `UPDATE feeds SET title = COALESCE($1, title), etag = $2, last_modified = $3, last_attempt_at = $4,
             last_success_at = $5, last_error = NULL, consecutive_failures = 0, next_check_at = $6
           WHERE url = $7`,
          [result.title ?? null, result.etag ?? null, result.lastModified ?? null, at, at, nextCheckAt, url],
        );
        return { changed: plan.changed };
      });
    },

    async saveNotModified(url, at, nextCheckAt) {
      await read(
        `UPDATE feeds SET last_attempt_at = $1, last_success_at = $2, last_error = NULL,
           consecutive_failures = 0, next_check_at = $3 WHERE url = $4`,
        [at, at, nextCheckAt, url],
      );
    },

    async saveFailure(url, error, at, nextCheckAt) {
      const [row] = await read(
        `UPDATE feeds SET last_attempt_at = $1, last_error = $2, consecutive_failures = consecutive_failures + 1,
           next_check_at = $3 WHERE url = $4 RETURNING consecutive_failures`,
        [at, error, nextCheckAt, url],
      );
      return Number(row?.consecutive_failures ?? 0);
    },

    async setNextCheck(url, nextCheckAt) {
      await read("UPDATE feeds SET next_check_at = $1 WHERE url = $2", [nextCheckAt, url]);
    },

    async items(url, limit) {
      return (
        await read(
          `SELECT a.*, ${PUBLISHER_COLUMNS} FROM articles a ${PUBLISHER_JOIN}
           WHERE a.feed_url = $1 AND a.position IS NOT NULL ORDER BY a.position LIMIT $2`,
          [url, limitOf(limit)],
        )
      ).map((row, index) => rowToItem(row, index));
    },

    async articleCount(url) {
      const [row] = await read("SELECT COUNT(*) AS n FROM articles WHERE feed_url = $1", [url]);
      return Number(row?.n ?? 0);
    },

    async pruneArchive(before, batch) {
      await ready();
      const result = await pool.query(
        `DELETE FROM articles WHERE id IN (
           SELECT id FROM articles WHERE published_at < $1 AND position IS NULL LIMIT $2)`,
        [before, batch],
      );
      return result.rowCount ?? 0;
    },
  };
}
