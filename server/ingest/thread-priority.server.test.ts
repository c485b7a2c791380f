import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { niceOf } from "./testing/threads.ts";

describe.runIf(process.platform === "linux")("lowerThreadPriority", () => {
  it("lowers the calling thread's priority and no other thread's", async () => {
    const before = niceOf("thread-self");
    const file = new URL("./thread-priority.server.ts", import.meta.url).pathname;
    // A worker thread lowers itself, as the ingest worker does, then stays alive (listening) until
    // terminated: a thread that has ended has no /proc entry left to read (seen in a loaded run).
    const worker = new Worker(
      `const { parentPort } = require("node:worker_threads");
       import("${file}").then(({ lowerThreadPriority }) => {
         parentPort.on("message", () => {});
         parentPort.postMessage(lowerThreadPriority(7));
       })`,
      { eval: true },
    );
    const tid = await new Promise<number | undefined>((resolve) => worker.once("message", resolve));
    expect(tid).toBeGreaterThan(0);
    expect(niceOf(tid as number)).toBe(Math.max(before, 7));
    expect(niceOf("thread-self")).toBe(before);
    await worker.terminate();
  });

  it("leaves the thread alone for 0", async () => {
    const { lowerThreadPriority } = await import("./thread-priority.server.ts");
    expect(lowerThreadPriority(0)).toBeUndefined();
  });
});
