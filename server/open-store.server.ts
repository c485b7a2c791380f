import path from "node:path";
import { logger } from "./logger.server.ts";
import { DATABASE_FILE } from "./store/db.server.ts";
import { openStore, type Store } from "./store/store.server.ts";

/** The data store cannot be used; the message is one line naming the file and what to do. */
export class StoreOpenError extends Error {
  override name = "StoreOpenError";
}

function reasonOf(error: unknown): { code: string; text: string } {
  const e = error as { code?: string; errcode?: number; errstr?: string; message?: string };
  const text = (e.message ?? String(error)).split("\n")[0] ?? "";
  return { code: e.code ?? "", text };
}

/** What an operator should do about a store that cannot be opened, by the kind of failure. */
export function storeOpenMessage(dataDir: string, error: unknown): string {
  const file = path.resolve(dataDir, DATABASE_FILE);
  const { code, text } = reasonOf(error);
  if (/not a database|malformed|corrupt/i.test(text))
    return `The data store ${file} is damaged (${text}). Move it aside or restore a backup, then start again: a new store is created and refilled from the feeds (DATA_DIR=${dataDir}).`;
  if (/readonly|read-only|EROFS|EACCES|EPERM/i.test(`${code} ${text}`))
    return `The data store ${file} cannot be written (${text}). Give this user write access to it and to DATA_DIR (${dataDir}), or set DATA_DIR to a writable directory.`;
  return `The data store ${file} cannot be opened (${text}). Check that DATA_DIR (${dataDir}) is a writable directory, or set DATA_DIR to one.`;
}

/**
 * Opens DATA_DIR's store for the server: a store that cannot be opened is a StoreOpenError (the
 * server prints its one line and exits), and one that fails the database's integrity check is
 * opened anyway (pages read what they can) with a warning that says what to do.
 */
export function openServerStore(dataDir: string, log: Pick<typeof logger, "warn"> = logger): Store {
  let store: Store;
  try {
    store = openStore(dataDir);
  } catch (error) {
    throw new StoreOpenError(storeOpenMessage(dataDir, error), { cause: error });
  }
  void store.integrityProblems().then(
    (problems) => {
      if (problems.length === 0) return;
      log.warn(
        {
          file: path.resolve(dataDir, DATABASE_FILE),
          problems: problems.slice(0, 5).map((p) => p.slice(0, 500)),
        },
        "the data store fails SQLite's integrity check: stop the server, move the file aside or restore a backup, and start again (feeds refill a new store)",
      );
    },
    () => {},
  );
  return store;
}
