import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRadioStatus } from "./status.server.ts";
import { type FakeUpstream, startFakeUpstream } from "./testing/fake-upstream.ts";

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function station(): Promise<FakeUpstream> {
  const up = await startFakeUpstream({ realTime: true });
  cleanup.push(() => up.close());
  return up;
}

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the radio's status before Play", () => {
  it("is not-configured without a stream URL, without asking anyone", async () => {
    const radio = createRadioStatus({ allowedPorts: [8076] });
    expect(await radio.status(8076)).toBe("not-configured");
  });

  it("is on-air when the station answers with audio, and lets the check's connection go", async () => {
    const up = await station();
    const radio = createRadioStatus({ streamUrl: up.url("/stream/{port}"), allowedPorts: [8076] });
    expect(await radio.status(8076)).toBe("on-air");
    expect(up.requests.map((r) => r.path)).toEqual(["/stream/8076"]);
    await expect.poll(() => up.openSockets()).toBe(0);
  });

  it("is unreachable when nothing listens, the station answers an error or not audio, or stays silent", async () => {
    const up = await station();
    const port = await closedPort();
    for (const url of [
      `http://127.0.0.1:${port}/stream/{port}`,
      up.url("/missing/{port}"),
      up.url("/html/{port}"),
      up.url("/silent/{port}"),
    ]) {
      const radio = createRadioStatus({ streamUrl: url, allowedPorts: [8076], timeoutMs: 300 });
      expect(await radio.status(8076), url).toBe("unreachable");
    }
  });

  it("never asks the station about a port the relay would refuse", async () => {
    const up = await station();
    const radio = createRadioStatus({ streamUrl: up.url("/stream/{port}"), allowedPorts: [8076] });
    expect(await radio.status(22)).toBe("unreachable");
    expect(up.requests).toEqual([]);
  });

  it("checks once for many page views, and renews a stale answer in the background", async () => {
    const up = await station();
    let t = 1_000;
    const radio = createRadioStatus({
      streamUrl: up.url("/stream/{port}"),
      allowedPorts: [8076],
      freshMs: 30_000,
      now: () => t,
    });
    const views = await Promise.all([radio.status(8076), radio.status(8076), radio.status(8076)]);
    expect(views).toEqual(["on-air", "on-air", "on-air"]);
    expect(up.requests).toHaveLength(1);
    t += 10_000;
    expect(await radio.status(8076)).toBe("on-air");
    expect(up.requests).toHaveLength(1);

    // The station goes away: the next stale view still answers at once, and starts a new check.
    await up.close();
    t += 30_000;
    expect(await radio.status(8076)).toBe("on-air");
    await expect.poll(() => radio.status(8076)).toBe("unreachable");
  });
});
