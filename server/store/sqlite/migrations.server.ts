import type { DatabaseSync } from "node:sqlite";
import { BUNDLED_SLUG } from "#domain/publication.ts";

/**
 * The schema, one step per version. Append new steps at the end with the next version number;
 * never edit a step that has shipped (databases in the field have already run it). openDatabase
 * runs each pending step in its own transaction and records it in PRAGMA user_version.
 */
export type Migration = {
  version: number;
  name: string;
  up: (db: DatabaseSync) => void;
};

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "feeds, articles and article search",
    up: (db) =>
      db.exec(`
        CREATE TABLE feeds (
          url TEXT PRIMARY KEY,
          title TEXT,
          etag TEXT,
          last_modified TEXT,
          last_attempt_at TEXT,
          last_success_at TEXT,
          last_error TEXT,
          consecutive_failures INTEGER NOT NULL DEFAULT 0,
          next_check_at TEXT
        ) STRICT;

        -- Which sections show a feed; feed_index is the feed's place in the section's list and
        -- section_rank the section's place in the spec's order (to pick one section for a search hit).
        CREATE TABLE feed_sections (
          feed_url TEXT NOT NULL REFERENCES feeds(url) ON DELETE CASCADE,
          section TEXT NOT NULL,
          feed_index INTEGER NOT NULL,
          feed_count INTEGER NOT NULL,
          section_rank INTEGER NOT NULL,
          PRIMARY KEY (section, feed_url)
        ) STRICT;
        CREATE INDEX feed_sections_feed ON feed_sections (feed_url);

        CREATE TABLE articles (
          id INTEGER PRIMARY KEY,
          feed_url TEXT NOT NULL REFERENCES feeds(url) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          guid TEXT,
          title TEXT NOT NULL,
          excerpt TEXT NOT NULL,
          content TEXT NOT NULL,
          link TEXT,
          image_url TEXT,
          author TEXT,
          published_at TEXT NOT NULL,
          dated INTEGER NOT NULL,
          read_time INTEGER NOT NULL,
          UNIQUE (feed_url, position)
        ) STRICT;
        CREATE INDEX articles_published ON articles (published_at DESC);

        -- Search over title and excerpt (an external-content index kept in step by triggers).
        CREATE VIRTUAL TABLE articles_fts USING fts5(
          title, excerpt, content='articles', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
          INSERT INTO articles_fts (rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
        END;
        CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
          INSERT INTO articles_fts (articles_fts, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
        END;
        CREATE TRIGGER articles_fts_update AFTER UPDATE ON articles BEGIN
          INSERT INTO articles_fts (articles_fts, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
          INSERT INTO articles_fts (rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
        END;
      `),
  },
  {
    version: 2,
    name: "contact messages",
    // Readers' messages from /contact, for the newsroom (npm run messages). No IP addresses kept.
    up: (db) =>
      db.exec(`
        CREATE TABLE contact_messages (
          id INTEGER PRIMARY KEY,
          created_at TEXT NOT NULL,
          name TEXT NOT NULL,
          email TEXT NOT NULL,
          category TEXT,
          subject TEXT NOT NULL,
          message TEXT NOT NULL
        ) STRICT;
        CREATE INDEX contact_messages_created ON contact_messages (created_at DESC);
      `),
  },
  {
    version: 3,
    name: "newsletter subscribers; article image lookup",
    // One row per address (stored trimmed and lower-cased), so a second sign-up is not a duplicate.
    // The image index serves /img, which only proxies images that stored articles name.
    up: (db) =>
      db.exec(`
        CREATE TABLE newsletter_subscribers (
          email TEXT PRIMARY KEY,
          created_at TEXT NOT NULL
        ) STRICT;
        CREATE INDEX articles_image_url ON articles (image_url);
      `),
  },
  {
    version: 4,
    name: "article categories",
    // The publisher's categories for an item, as a JSON array of strings; NULL when it gave none.
    up: (db) => db.exec("ALTER TABLE articles ADD COLUMN categories TEXT;"),
  },
  {
    version: 5,
    name: "newsletter double opt-in; contact send ids",
    // A new address waits, pending, until its owner follows the confirmation link (token) before
    // expires_at. Addresses stored before this step were taken as subscribed and stay confirmed.
    // A contact form carries a one-time send id, so the same send (a reload, a double click) is
    // stored once.
    up: (db) =>
      db.exec(`
        ALTER TABLE contact_messages ADD COLUMN send_id TEXT;
        CREATE INDEX contact_messages_send_id ON contact_messages (send_id) WHERE send_id IS NOT NULL;
        ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at TEXT;
        ALTER TABLE newsletter_subscribers ADD COLUMN token TEXT;
        ALTER TABLE newsletter_subscribers ADD COLUMN expires_at TEXT;
        UPDATE newsletter_subscribers SET confirmed_at = created_at;
        CREATE UNIQUE INDEX newsletter_subscribers_token ON newsletter_subscribers (token);
      `),
  },
  {
    version: 6,
    name: "article archive: items upserted per feed, first-seen times",
    // Rebuilds `articles` so an item is identified by
    // (feed_url, item_key) (its guid, else link, else title) instead of its place in the feed.
    // `position` is the place in the feed's current listing, NULL once the item left it (the
    // archive); `first_seen_at` is when we first stored it; `fingerprint` lets a refresh skip
    // rewriting unchanged items. Existing rows are kept (the first of a duplicate key wins) and
    // the search index is rebuilt from them.
    up: (db) =>
      db.exec(`
        CREATE TABLE articles_v6 (
          id INTEGER PRIMARY KEY,
          feed_url TEXT NOT NULL REFERENCES feeds(url) ON DELETE CASCADE,
          item_key TEXT NOT NULL,
          position INTEGER,
          guid TEXT,
          title TEXT NOT NULL,
          excerpt TEXT NOT NULL,
          content TEXT NOT NULL,
          link TEXT,
          image_url TEXT,
          author TEXT,
          published_at TEXT NOT NULL,
          dated INTEGER NOT NULL,
          read_time INTEGER NOT NULL,
          categories TEXT,
          first_seen_at TEXT NOT NULL,
          fingerprint TEXT NOT NULL DEFAULT '',
          UNIQUE (feed_url, item_key)
        ) STRICT;
        INSERT OR IGNORE INTO articles_v6 (id, feed_url, item_key, position, guid, title, excerpt, content,
            link, image_url, author, published_at, dated, read_time, categories, first_seen_at)
          SELECT id, feed_url,
                 CASE WHEN guid IS NOT NULL AND guid <> '' THEN 'g:' || guid
                      WHEN link IS NOT NULL AND link <> '' THEN 'l:' || link
                      ELSE 't:' || title END,
                 position, guid, title, excerpt, content, link, image_url, author, published_at, dated,
                 read_time, categories, published_at
          FROM articles ORDER BY feed_url, position;
        DROP TABLE articles;
        ALTER TABLE articles_v6 RENAME TO articles;
        -- A feed's current listing in order; its archive newest first; all feeds newest first.
        CREATE INDEX articles_current ON articles (feed_url, position) WHERE position IS NOT NULL;
        CREATE INDEX articles_feed_published ON articles (feed_url, published_at DESC);
        CREATE INDEX articles_published ON articles (published_at DESC);
        CREATE INDEX articles_image_url ON articles (image_url);
        CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
          INSERT INTO articles_fts (rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
        END;
        CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
          INSERT INTO articles_fts (articles_fts, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
        END;
        -- Only a changed title or excerpt touches the search index (positions move on every poll).
        CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, excerpt ON articles BEGIN
          INSERT INTO articles_fts (articles_fts, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
          INSERT INTO articles_fts (rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
        END;
        INSERT INTO articles_fts (articles_fts) VALUES ('rebuild');
      `),
  },
  {
    version: 7,
    name: "rate limit hits shared by processes",
    // One row per counted event (a contact message, a sign-up) per limit and client, so every
    // process on one database counts the same window. SQLite runs one process and keeps its limits
    // in memory; the table is here so both stores have the same versions.
    up: (db) =>
      db.exec(`
        CREATE TABLE rate_limit_hits (
          bucket TEXT NOT NULL,
          client TEXT NOT NULL,
          at_ms INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX rate_limit_hits_client ON rate_limit_hits (bucket, client, at_ms);
        CREATE INDEX rate_limit_hits_at ON rate_limit_hits (bucket, at_ms);
      `),
  },
  {
    version: 8,
    name: "each feed's archive in the archive pages' order",
    // A section's archive page merges its feeds' rows in this order, reading each feed's only as
    // far as the page needs (ADR 0011); the ties' order (id) is part of the key, so nothing sorts.
    up: (db) =>
      db.exec(`
        DROP INDEX articles_feed_published;
        CREATE INDEX articles_feed_order ON articles (feed_url, published_at DESC, id DESC);
      `),
  },
  {
    version: 9,
    name: "the publisher's name a feed list gives",
    // Every headline names its publisher: this name, else the feed's title (feeds.title), else its host.
    up: (db) => db.exec("ALTER TABLE feeds ADD COLUMN name TEXT;"),
  },
  {
    version: 10,
    name: "outgoing mail and newsletter editions",
    // Every mail we send is a row first (ADR 0013): sent once, retried when a server is down, and a
    // crash resumes where it stopped. Each confirmed address gets an unsubscribe token (List-Unsubscribe).
    up: (db) =>
      db.exec(`
        CREATE TABLE mail_queue (
          id INTEGER PRIMARY KEY,
          kind TEXT NOT NULL,
          key TEXT NOT NULL UNIQUE,
          recipient TEXT NOT NULL,
          ref INTEGER,
          priority INTEGER NOT NULL,
          status TEXT NOT NULL DEFAULT 'queued',
          attempts INTEGER NOT NULL DEFAULT 0,
          next_at TEXT NOT NULL,
          claimed_by TEXT,
          claimed_until TEXT,
          last_error TEXT,
          created_at TEXT NOT NULL,
          sent_at TEXT
        ) STRICT;
        CREATE INDEX mail_queue_due ON mail_queue (priority, next_at, id) WHERE status = 'queued';
        CREATE INDEX mail_queue_ref ON mail_queue (kind, ref, status);
        CREATE TABLE newsletter_editions (
          id INTEGER PRIMARY KEY,
          day TEXT NOT NULL UNIQUE,
          created_at TEXT NOT NULL,
          subject TEXT NOT NULL,
          html TEXT NOT NULL,
          text TEXT NOT NULL,
          recipients INTEGER NOT NULL
        ) STRICT;
        ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token TEXT;
        ALTER TABLE newsletter_subscribers ADD COLUMN bounced_at TEXT;
        ALTER TABLE newsletter_subscribers ADD COLUMN confirm_mailed_at TEXT;
        UPDATE newsletter_subscribers SET unsubscribe_token = lower(hex(randomblob(24)))
          WHERE confirmed_at IS NOT NULL;
        CREATE UNIQUE INDEX newsletter_subscribers_unsubscribe ON newsletter_subscribers (unsubscribe_token);
      `),
  },
  {
    version: 11,
    name: "feed lists per publication",
    // Feeds and their articles are shared by URL; which sections of which publication show a feed
    // is the tenant's row (ADR 0017). The rows so far are the bundled site's. A list's digest lets
    // a start or reload rewrite only the publications whose list changed.
    up: (db) =>
      db.exec(`
        CREATE TABLE feed_sections_v11 (
          publication TEXT NOT NULL,
          feed_url TEXT NOT NULL REFERENCES feeds(url) ON DELETE CASCADE,
          section TEXT NOT NULL,
          feed_index INTEGER NOT NULL,
          feed_count INTEGER NOT NULL,
          section_rank INTEGER NOT NULL,
          PRIMARY KEY (publication, section, feed_url)
        ) STRICT;
        INSERT INTO feed_sections_v11
          SELECT '${BUNDLED_SLUG}', feed_url, section, feed_index, feed_count, section_rank FROM feed_sections;
        DROP TABLE feed_sections;
        ALTER TABLE feed_sections_v11 RENAME TO feed_sections;
        CREATE INDEX feed_sections_feed ON feed_sections (feed_url, publication, section_rank);
        CREATE TABLE publication_feed_lists (
          publication TEXT PRIMARY KEY,
          digest TEXT NOT NULL
        ) STRICT;
      `),
  },
  {
    version: 12,
    name: "readers' rows per publication",
    // Contact messages, newsletter addresses, editions and queued mail belong to one publication
    // (ADR 0017): an address may take two publications' editions, each edition is one
    // publication's day. The rows so far are the bundled site's.
    up: (db) =>
      db.exec(`
        ALTER TABLE contact_messages ADD COLUMN publication TEXT NOT NULL DEFAULT '${BUNDLED_SLUG}';
        CREATE INDEX contact_messages_publication ON contact_messages (publication, created_at DESC);
        ALTER TABLE mail_queue ADD COLUMN publication TEXT NOT NULL DEFAULT '${BUNDLED_SLUG}';
        CREATE TABLE newsletter_subscribers_v12 (
          publication TEXT NOT NULL,
          email TEXT NOT NULL,
          created_at TEXT NOT NULL,
          confirmed_at TEXT,
          token TEXT,
          expires_at TEXT,
          unsubscribe_token TEXT,
          bounced_at TEXT,
          confirm_mailed_at TEXT,
          PRIMARY KEY (publication, email)
        ) STRICT;
        INSERT INTO newsletter_subscribers_v12
          SELECT '${BUNDLED_SLUG}', email, created_at, confirmed_at, token, expires_at, unsubscribe_token,
                 bounced_at, confirm_mailed_at
          FROM newsletter_subscribers;
        DROP TABLE newsletter_subscribers;
        ALTER TABLE newsletter_subscribers_v12 RENAME TO newsletter_subscribers;
        CREATE UNIQUE INDEX newsletter_subscribers_token ON newsletter_subscribers (token);
        CREATE UNIQUE INDEX newsletter_subscribers_unsubscribe ON newsletter_subscribers (unsubscribe_token);
        CREATE TABLE newsletter_editions_v12 (
          id INTEGER PRIMARY KEY,
          publication TEXT NOT NULL,
          day TEXT NOT NULL,
          created_at TEXT NOT NULL,
          subject TEXT NOT NULL,
          html TEXT NOT NULL,
          text TEXT NOT NULL,
          recipients INTEGER NOT NULL,
          UNIQUE (publication, day)
        ) STRICT;
        INSERT INTO newsletter_editions_v12
          SELECT id, '${BUNDLED_SLUG}', day, created_at, subject, html, text, recipients FROM newsletter_editions;
        DROP TABLE newsletter_editions;
        ALTER TABLE newsletter_editions_v12 RENAME TO newsletter_editions;
      `),
  },
];
