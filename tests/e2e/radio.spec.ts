import type { Page } from "@playwright/test";
import { writeFeedsConfig } from "#scripts/lib/feeds-config.ts";
import { freePort, type Served, serveProduction } from "#scripts/lib/serve.ts";
import { type FakeUpstream, startFakeUpstream } from "#server/radio/testing/fake-upstream.ts";
import { expect, expectAxeClean, test, waitForHydration } from "./fixtures.ts";

const PLAY_FAILED = "Unable to start playback. Please try again.";
const STREAM_ERROR = "Stream temporarily unavailable.";
const UNREACHABLE = "The station cannot be reached right now. Press play to try again, or come back later.";
const NOT_CONFIGURED = "No radio stream is set up on this site yet, so there is nothing to play right now.";

/** The badge beside the title: "Live" with a station on air, "Off air" without one. */
const badge = (page: Page, text: "Live" | "Off air") =>
  page.getByRole("main").getByText(text, { exact: true });

function player(page: Page) {
  const main = page.getByRole("main");
  return {
    play: main.getByRole("button", { name: "Play", exact: true }),
    pause: main.getByRole("button", { name: "Pause", exact: true }),
    mute: main.getByRole("button", { name: "Mute", exact: true }),
    slider: main.getByRole("slider", { name: "Volume" }),
    alert: main.getByRole("alert"),
    status: main.getByRole("status"),
    audio: main.locator("audio"),
  };
}

const audioProp = <K extends "currentTime" | "paused" | "muted" | "volume">(page: Page, key: K) =>
  page.locator("main audio").evaluate((a, k) => (a as HTMLAudioElement)[k as K], key) as Promise<
    HTMLAudioElement[K]
  >;

async function expectPlaying(page: Page) {
  const p = player(page);
  await expect(p.pause).toBeVisible();
  await expect(p.status).toHaveText("Playing live");
  // The stream really plays: its clock moves on.
  const start = await audioProp(page, "currentTime");
  await expect.poll(() => audioProp(page, "currentTime"), { timeout: 10_000 }).toBeGreaterThan(start + 0.5);
}

async function openRadio(page: Page, base = "") {
  const response = await page.goto(`${base}/radio`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

test.describe("/radio", () => {
  test("shows the player card, Now Playing and the autoplay tip inside the frame, axe clean", async ({
    page,
  }) => {
    await openRadio(page);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Live Radio");
    await expect(main).toContainText("24/7 live stream");
    await expect(main.getByRole("heading", { name: "Now Playing" })).toBeVisible();
    await expect(main).toContainText("live programming comes straight from the station stream");
    await expect(main).toContainText("if the audio does not start, click play");
    await expect(main).toContainText(
      "Some browsers block autoplay with sound until you interact with the page",
    );

    const p = player(page);
    await expect(p.audio).toHaveAttribute("src", "/api/stream?port=8076");
    await expect(p.audio).toHaveAttribute("preload", "none");
    await expect(p.audio).toHaveAttribute("crossorigin", "anonymous");
    await expect(p.play).toBeVisible();
    await expect(p.mute).toHaveAttribute("aria-pressed", "false");
    await expect(p.slider).toHaveAttribute("aria-valuetext", "90%");
    await expect.poll(() => audioProp(page, "volume")).toBeCloseTo(0.9);
    await expect(p.alert).toHaveText("");
    // A station that answers: the page says nothing of being off air.
    await expect(badge(page, "Live")).toBeVisible();
    await expect(badge(page, "Off air")).toHaveCount(0);
    await expect(main.locator("[data-off-air]")).toHaveCount(0);

    // Content at most 3xl (48rem) wide.
    const card = await main.locator("> div").first().boundingBox();
    expect(card?.width).toBeLessThanOrEqual(768);
    await expectAxeClean(page);
  });

  test("play starts the stream and its time advances; pause stops it", async ({ page }) => {
    await openRadio(page);
    const p = player(page);
    await p.play.click();
    await expectPlaying(page);
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe("playing");
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(
      "Electric Ledger Radio — Live",
    );
    await expect(p.alert).toHaveText("");
    await expectAxeClean(page);

    await p.pause.click();
    await expect(p.play).toBeVisible();
    await expect(p.status).toHaveText("Not playing");
    await expect.poll(() => audioProp(page, "paused")).toBe(true);
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe("paused");

    // Playing again rejoins the live stream.
    await p.play.click();
    await expectPlaying(page);
  });

  test("mute shows the slider at 0; moving the slider above 0 unmutes", async ({ page }) => {
    await openRadio(page);
    const p = player(page);
    await p.mute.click();
    await expect(p.mute).toHaveAttribute("aria-pressed", "true");
    await expect(p.slider).toHaveValue("0");
    await expect(p.slider).toHaveAttribute("aria-valuetext", "Muted");
    await expect.poll(() => audioProp(page, "muted")).toBe(true);

    // Unmuting with the button brings the volume back.
    await p.mute.click();
    await expect(p.mute).toHaveAttribute("aria-pressed", "false");
    await expect(p.slider).toHaveValue("0.9");

    // Muted, then one step up on the slider: unmuted at 1%.
    await p.mute.click();
    await p.slider.focus();
    await expect(p.slider).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(p.mute).toHaveAttribute("aria-pressed", "false");
    await expect(p.slider).toHaveValue("0.01");
    // The element follows the state in an effect after the render, so poll it.
    await expect.poll(() => audioProp(page, "muted")).toBe(false);
    await expect.poll(() => audioProp(page, "volume")).toBeCloseTo(0.01);

    // Muted, then a click near the slider's right end: unmuted, loud.
    await p.mute.click();
    await expect(p.slider).toHaveValue("0");
    const track = await p.slider.boundingBox();
    if (!track) throw new Error("no slider track");
    await page.mouse.click(track.x + track.width * 0.95, track.y + track.height / 2);
    await expect(p.mute).toHaveAttribute("aria-pressed", "false");
    await expect.poll(() => audioProp(page, "volume")).toBeGreaterThan(0.8);
  });

  test("the controls are reachable by Tab, and the slider steps with Home, End and arrows", async ({
    page,
  }) => {
    await openRadio(page);
    const p = player(page);
    await p.play.focus();
    await page.keyboard.press("Tab");
    await expect(p.mute).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(p.slider).toBeFocused();
    await expect(p.slider).toHaveValue("0.9");

    const steps: Array<[string, string, string]> = [
      ["End", "1", "100%"],
      ["ArrowRight", "1", "100%"],
      ["Home", "0", "0%"],
      ["ArrowLeft", "0", "0%"],
      ["ArrowRight", "0.01", "1%"],
      ["ArrowUp", "0.02", "2%"],
      ["ArrowDown", "0.01", "1%"],
      ["PageUp", "0.11", "11%"],
    ];
    for (const [key, now, text] of steps) {
      await page.keyboard.press(key);
      await expect(p.slider, key).toHaveValue(now);
      await expect(p.slider, key).toHaveAttribute("aria-valuetext", text);
    }
    await expect.poll(() => audioProp(page, "volume")).toBeCloseTo(0.11);
    await expectAxeClean(page);
  });

  test("a start the browser refuses shows the playback error; a successful retry clears it", async ({
    page,
  }) => {
    // Stands in for an autoplay policy that blocks sound until the reader interacts.
    await page.addInitScript(() => {
      const real = HTMLMediaElement.prototype.play;
      const w = window as unknown as { refusePlay: boolean };
      w.refusePlay = true;
      HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
        if (w.refusePlay) return Promise.reject(new DOMException("play() refused", "NotAllowedError"));
        return real.call(this);
      };
    });
    await openRadio(page);
    const p = player(page);
    await p.play.click();
    await expect(p.alert).toHaveText(PLAY_FAILED);
    await expect(p.play).toBeVisible();
    await expectAxeClean(page);

    await page.evaluate(() => {
      (window as unknown as { refusePlay: boolean }).refusePlay = false;
    });
    await p.play.click();
    await expectPlaying(page);
    await expect(p.alert).toHaveText("");
  });

  test("the stream is relayed uncompressed with no-store, under the security headers", async ({
    baseURL,
  }) => {
    const bad = await fetch(`${baseURL}/api/stream?port=22`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("is not a radio stream port");

    const stop = new AbortController();
    const res = await fetch(`${baseURL}/api/stream?port=8076`, {
      headers: { "accept-encoding": "gzip, br" },
      signal: stop.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("audio/mpeg");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("content-security-policy")).toContain("media-src 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const reader = res.body?.getReader();
      const first = await reader?.read();
      // MP3 frame sync: the first byte of an MPEG audio frame.
      expect(first?.value?.[0]).toBe(0xff);
    } finally {
      stop.abort();
    }
  });
});

test.describe("/radio without a working station", () => {
  // The browser reports the proxy's 502/503 answers for the stream in the console.
  test.use({ allowConsole: /status of 50[23]/ });

  /** Our own production server, with its own radio configuration. */
  async function serve(radioStreamUrl: string): Promise<Served> {
    return serveProduction(await freePort(), {
      LOG_LEVEL: "fatal",
      RADIO_STREAM_URL: radioStreamUrl,
      // The local fixture publishers, never the real feed list.
      FEEDS_CONFIG: writeFeedsConfig(),
    });
  }

  test("a station that is down shows the stream error; a successful retry clears it", async ({ page }) => {
    const stationPort = await freePort();
    const server = await serve(`http://127.0.0.1:${stationPort}/stream/{port}`);
    let station: FakeUpstream | undefined;
    try {
      await openRadio(page, server.url);
      const p = player(page);
      // Said before the reader presses anything, under the spec's subtitle.
      await expect(page.getByRole("main")).toContainText("24/7 live stream");
      await expect(page.getByRole("main")).toContainText(UNREACHABLE);
      await expect(badge(page, "Off air")).toBeVisible();
      await expect(badge(page, "Live")).toHaveCount(0);
      await expectAxeClean(page);
      await p.play.click();
      await expect(p.alert).toHaveText(STREAM_ERROR);
      await expect(p.play).toBeVisible();
      await expect(p.status).toHaveText("Not playing");
      await expectAxeClean(page);

      station = await startFakeUpstream({ port: stationPort, realTime: true });
      await p.play.click();
      await expectPlaying(page);
      await expect(p.alert).toHaveText("");
      // It plays: the page no longer says the station is away.
      await expect(page.getByRole("main")).not.toContainText(UNREACHABLE);
      await expect(badge(page, "Live")).toBeVisible();
    } finally {
      await page.close();
      await station?.close();
      await server.stop();
    }
  });

  test("with no stream configured the page says so before Play, and play shows the stream error", async ({
    page,
  }) => {
    const server = await serve("");
    try {
      // Without script too: the state is in the first HTML.
      const html = await (await fetch(`${server.url}/radio`)).text();
      expect(html).toContain(NOT_CONFIGURED);
      await openRadio(page, server.url);
      const p = player(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live Radio");
      await expect(page.getByRole("main")).toContainText("24/7 live stream");
      await expect(page.getByRole("main")).toContainText(NOT_CONFIGURED);
      await expect(badge(page, "Off air")).toBeVisible();
      await expect(badge(page, "Live")).toHaveCount(0);
      await expectAxeClean(page);
      await p.play.click();
      await expect(p.alert).toHaveText(STREAM_ERROR);
    } finally {
      // Closed first, so the page cannot report the stopped server as console errors.
      await page.close();
      await server.stop();
    }
  });
});
