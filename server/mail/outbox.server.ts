import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailTransport } from "./mail-transport.ts";

/** The outbox folder: DATA_DIR/outbox. */
export function outboxDir(dataDir: string): string {
  return path.resolve(dataDir, "outbox");
}

/**
 * The embedded default: each mail is a .eml file in DATA_DIR/outbox (open it in any mail program).
 * The file is written under its final name before the row is marked sent, so a crash in between
 * writes the same file again, never a second one.
 */
export function openOutbox(dir: string): MailTransport {
  let made: Promise<unknown> | undefined;
  return {
    kind: "outbox",
    describe: `mail is written to ${dir} as .eml files (set SMTP_URL to send it)`,
    concurrency: 2,
    async send(mail, commit) {
      try {
        made ??= mkdir(dir, { recursive: true });
        await made;
        const file = path.join(dir, mail.fileName);
        const partial = `${file}.partial`;
        await writeFile(partial, mail.raw);
        await rename(partial, file);
      } catch (error) {
        made = undefined;
        return { status: "temporary", error: `outbox: ${(error as Error).message}`, committed: false };
      }
      return (await commit()) ? { status: "sent" } : { status: "taken" };
    },
    close: async () => {},
  };
}
