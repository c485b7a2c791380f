import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";

/** A raw SMTP client: each step writes a line and waits for the reply code it expects. */
async function session(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let buffered = "";
  const waiters: Array<() => void> = [];
  socket.on("data", (d) => {
    buffered += d.toString();
    for (const w of waiters.splice(0)) w();
  });
  socket.on("error", () => {});
  async function reply(code: string): Promise<void> {
    for (;;) {
      const line = buffered.split("\r\n").find((l) => /^\d{3} /.test(l));
      if (line) {
        buffered = buffered.slice(buffered.indexOf(line) + line.length + 2);
        if (!line.startsWith(code)) throw new Error(`expected ${code}, got ${line}`);
        return;
      }
      await new Promise<void>((r) => waiters.push(r));
    }
  }
  async function step(line: string, code: string) {
    socket.write(`${line}\r\n`);
    await reply(code);
  }
  await reply("220");
  await step("EHLO test.example", "250");
  return { socket, step, reply };
}

const message = (id: string) =>
  `Message-ID: <${id}@test.example>\r\nSubject: hi\r\n\r\n${"body line\r\n".repeat(200)}`;

let sink: SmtpSink | undefined;
afterEach(async () => {
  await sink?.close();
  sink = undefined;
});

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe("the benchmark's SMTP sink", () => {
  it("counts a message whose DATA ended with the final dot, per recipient and Message-ID", async () => {
    sink = await startSmtpSink();
    const c = await session(sink.port);
    await c.step("MAIL FROM:<news@site.example>", "250");
    await c.step("RCPT TO:<Reader@Example.org>", "250");
    await c.step("DATA", "354");
    c.socket.write(`${message("one")}\r\n.\r\n`);
    await c.reply("250");
    await c.step("QUIT", "221");
    expect(sink.counts()).toMatchObject({
      deliveries: 1,
      byRecipient: { "reader@example.org": 1 },
      byMessageId: { "<one@test.example>": 1 },
      aborted: 0,
    });
  });

  it("does not count a message whose connection dropped before the final dot", async () => {
    sink = await startSmtpSink();
    const c = await session(sink.port);
    await c.step("MAIL FROM:<news@site.example>", "250");
    await c.step("RCPT TO:<reader@example.org>", "250");
    await c.step("DATA", "354");
    // All of the message but its final dot, as a sender killed just before it would write it.
    c.socket.write(`${message("partial")}\r\n`);
    await new Promise((r) => setTimeout(r, 50));
    c.socket.destroy();
    await until(() => sink?.counts().aborted === 1);
    expect(sink.counts()).toMatchObject({ deliveries: 0, byRecipient: {}, byMessageId: {}, aborted: 1 });
  });

  it("tells a watcher when the deliveries reach a count", async () => {
    sink = await startSmtpSink();
    let told = 0;
    sink.onDeliveries(2, () => told++);
    const c = await session(sink.port);
    for (const id of ["a", "b", "c"]) {
      await c.step("MAIL FROM:<news@site.example>", "250");
      await c.step(`RCPT TO:<${id}@example.org>`, "250");
      await c.step("DATA", "354");
      c.socket.write(`${message(id)}\r\n.\r\n`);
      await c.reply("250");
      if (id === "a") expect(told).toBe(0);
    }
    c.socket.destroy();
    expect(told).toBe(1);
  });

  it("tells a watcher when a DATA begins, before its message is in", async () => {
    sink = await startSmtpSink();
    let told = 0;
    sink.onDataStarts(1, () => told++);
    const c = await session(sink.port);
    await c.step("MAIL FROM:<news@site.example>", "250");
    await c.step("RCPT TO:<reader@example.org>", "250");
    await c.step("DATA", "354");
    await until(() => told === 1);
    expect(told).toBe(1);
    expect(sink.counts().deliveries).toBe(0);
    c.socket.destroy();
  });
});
