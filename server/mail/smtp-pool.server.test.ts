import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { redactUrl } from "#server/store/open.server.ts";
import { composeMime } from "./compose.server.ts";
import type { OutgoingMail } from "./mail-transport.ts";
import { openOutbox } from "./outbox.server.ts";
import { classifySmtpError, openSmtpPool, parseSmtpUrl } from "./smtp-pool.server.ts";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink.ts";

async function mailTo(to: string, id = 1): Promise<OutgoingMail> {
  const raw = await composeMime({
    kind: "test",
    id,
    from: { name: "Ledger", address: "news@ledger.example" },
    to,
    subject: "Hello",
    html: `<p>${"x".repeat(40_000)}</p>`,
    text: "Hello",
    host: "ledger.example",
    date: new Date("2026-11-26T12:00:00Z"),
  });
  return { id, from: "news@ledger.example", to, raw, fileName: `test-${id}.eml` };
}

describe("SMTP_URL", () => {
  it("reads host, port, TLS, login and pool size; refuses anything else in one line without the password", () => {
    expect(parseSmtpUrl("smtp://mail.example")).toEqual({
      host: "mail.example",
      port: 587,
      secure: false,
      connections: 5,
    });
    expect(parseSmtpUrl("smtps://u%40x:p%3Ass@mail.example:2465?pool=2")).toEqual({
      host: "mail.example",
      port: 2465,
      secure: true,
      auth: { user: "u@x", pass: "p:ss" },
      connections: 2,
    });
    expect(() => parseSmtpUrl("http://mail.example")).toThrow(/smtp:\/\//);
    expect(() => parseSmtpUrl("smtp://u:secret@mail.example?pool=0")).toThrow(/pool=/);
    // An unencoded "/" in a password reads as a path: refused, so it never reaches a log line.
    expect(() => parseSmtpUrl("smtp://mailer:9876/secretpart@smtp.example.com")).toThrow(/no path/);
    expect(redactUrl("smtp://u:secret@mail.example:25")).toBe("smtp://u:***@mail.example:25");
  });

  it("classifies what a server says: 4xx and sockets try again, 5xx at RCPT refuses the address, a silent end after the dot counts as sent", () => {
    const error = (message: string, extra: object) => Object.assign(new Error(message), extra);
    expect(
      classifySmtpError(error("busy", { responseCode: 451, command: "DATA" }), true, true),
    ).toMatchObject({
      status: "temporary",
      committed: true,
    });
    expect(
      classifySmtpError(error("no user", { responseCode: 550, command: "RCPT TO" }), false, false),
    ).toMatchObject({
      status: "address",
    });
    expect(
      classifySmtpError(error("spam", { responseCode: 554, command: "DATA" }), true, true),
    ).toMatchObject({
      status: "refused",
    });
    expect(
      classifySmtpError(error("login", { responseCode: 535, code: "EAUTH" }), false, false),
    ).toMatchObject({
      status: "temporary",
    });
    expect(classifySmtpError(error("refused", { code: "ECONNECTION" }), false, false)).toMatchObject({
      status: "temporary",
    });
    expect(classifySmtpError(error("closed", { code: "ECONNECTION" }), true, true)).toMatchObject({
      status: "unknown",
    });
  });
});

describe("the SMTP pool's commit before the final dot", () => {
  let sink: SmtpSink;
  beforeEach(async () => {
    sink = await startSmtpSink();
  });
  afterEach(() => sink.stop());

  it("commits after the message is handed over and before the server accepts it", async () => {
    const pool = openSmtpPool(sink.url);
    const seenAtCommit: number[] = [];
    const outcome = await pool.send(await mailTo("a@example.com"), async () => {
      seenAtCommit.push(sink.received.length);
      return true;
    });
    await pool.close();
    expect(outcome).toEqual({ status: "sent" });
    expect(seenAtCommit).toEqual([0]);
    expect(sink.to("a@example.com")).toHaveLength(1);
    expect(sink.received[0]?.parsed.html).toContain("x".repeat(100));
  });

  it("a mail another sender committed first is abandoned before its final dot: the server never has it", async () => {
    const pool = openSmtpPool(`${sink.url}?pool=2`);
    const mail = await mailTo("a@example.com");
    let committed = false;
    // Two sends of one mail at once: only the first commit wins.
    const commit = async () => {
      const ours = !committed;
      committed = true;
      return ours;
    };
    const outcomes = await Promise.all([pool.send(mail, commit), pool.send(mail, commit)]);
    // The pool still works after an abandoned message.
    expect(await pool.send(await mailTo("b@example.com", 2), async () => true)).toEqual({ status: "sent" });
    await pool.close();
    expect(outcomes.map((o) => o.status).sort()).toEqual(["sent", "taken"]);
    expect(sink.to("a@example.com")).toHaveLength(1);
    expect(sink.to("b@example.com")).toHaveLength(1);
  });

  it("a refused recipient is not committed; the next mail goes out all the same", async () => {
    sink.rules.rcpt = (a) => (a === "gone@example.com" ? { code: 550, text: "No such user" } : undefined);
    const pool = openSmtpPool(`${sink.url}?pool=1`);
    let commits = 0;
    const commit = async () => {
      commits++;
      return true;
    };
    expect(await pool.send(await mailTo("gone@example.com"), commit)).toMatchObject({
      status: "address",
      committed: false,
    });
    expect(await pool.send(await mailTo("ok@example.com", 2), commit)).toEqual({ status: "sent" });
    await pool.close();
    expect(commits).toBe(1);
  });

  it("a server that is down is a temporary failure, nothing committed", async () => {
    await sink.stop();
    const pool = openSmtpPool(sink.url);
    let commits = 0;
    const outcome = await pool.send(await mailTo("a@example.com"), async () => ++commits > 0);
    await pool.close();
    expect(outcome).toMatchObject({ status: "temporary", committed: false });
    expect(commits).toBe(0);
  });
});

describe("the outbox", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "outbox-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes one .eml per mail, under a name a second try rewrites, and commits after the file is whole", async () => {
    const outbox = openOutbox(path.join(dir, "outbox"));
    const mail = await mailTo("a@example.com");
    const files: string[][] = [];
    const commit = async () => {
      files.push(readdirSync(path.join(dir, "outbox")));
      return true;
    };
    expect(await outbox.send(mail, commit)).toEqual({ status: "sent" });
    expect(await outbox.send(mail, async () => false)).toEqual({ status: "taken" });
    expect(files).toEqual([["test-1.eml"]]);
    expect(readdirSync(path.join(dir, "outbox"))).toEqual(["test-1.eml"]);
    expect(readFileSync(path.join(dir, "outbox", "test-1.eml"))).toEqual(mail.raw);
  });
});
