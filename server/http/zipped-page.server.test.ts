import { randomBytes } from "node:crypto";
import { crc32, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, gzipWithNonce, pageWithNonce, zipPage, zippedBytes } from "./zipped-page.server.ts";

const NONCE = "rAnd0mNonce+/==";

describe("a page zipped once, sent with each response's nonce", () => {
  const pages: Record<string, string> = {
    "no nonce at all": "<html><p>plain</p></html>",
    "one nonce": `<html><script nonce="${NONCE}">x</script></html>`,
    "a nonce first and last": `${NONCE}<p>middle</p>${NONCE}`,
    "nonces side by side": `<a>${NONCE}${NONCE}${NONCE}</a>`,
    "only the nonce": NONCE,
    nothing: "",
    "text beyond ASCII": `<p>Zürich — 東京 · ${NONCE} ⚡ é</p><script nonce="${NONCE}"></script>`,
    "a long page": `<html>${`<li>headline ${randomBytes(40).toString("hex")} <script nonce="${NONCE}"></script></li>`.repeat(800)}</html>`,
  };
  for (const [name, page] of Object.entries(pages)) {
    it(`gives back ${name}, with another nonce, gzipped and not`, () => {
      const zipped = zipPage(Buffer.from(page), NONCE);
      for (const other of ["n2", "a-much-longer-nonce-than-the-first-one-0123456789", ""]) {
        const expected = page.replaceAll(NONCE, other);
        // gunzip checks the CRC and the length in the trailer.
        expect(gunzipSync(gzipWithNonce(zipped, other)).toString("utf8")).toBe(expected);
        expect(pageWithNonce(zipped, other).toString("utf8")).toBe(expected);
      }
    });
  }

  it("keeps a page about as small as gzip does, cut in the few places a real page has its nonce", () => {
    // A rendered home carries its nonce about five times.
    const words = [
      "electric",
      "buses",
      "reach",
      "the",
      "valley",
      "charging",
      "grid",
      "rail",
      "city",
      "battery",
    ];
    const word = () => words[(randomBytes(1)[0] ?? 0) % words.length];
    const item = () =>
      `<li><a href="/technology/${randomBytes(4).toString("hex")}">${word()} ${word()} ${word()}</a></li>`;
    const part = (_: number) => `<ul>${Array.from({ length: 200 }, item).join("")}</ul>`;
    const page = Buffer.from(
      [0, 1, 2, 3, 4, 5].map((i) => part(i)).join(`<script nonce="${NONCE}"></script>`),
    );
    const zipped = zipPage(page, NONCE);
    expect(zipped.ends).toHaveLength(6);
    // Each piece starts afresh, so a little is lost at each cut (a real home: 6% over gzip).
    expect(zippedBytes(zipped)).toBeLessThan(gzipSync(page).length * 1.25);
    expect(zippedBytes(zipped)).toBeLessThan(page.length / 3);
  });

  it("holds no more memory than it weighs (no view of a larger shared buffer)", () => {
    for (const page of [
      pages["one nonce"],
      `<p>${randomBytes(4_000).toString("hex")}</p>`,
      pages["a long page"],
    ]) {
      const zipped = zipPage(Buffer.from(page ?? ""), NONCE);
      expect(zipped.deflated.buffer.byteLength).toBe(zipped.deflated.length);
    }
  });

  it("leaves the page whole when the nonce is empty", () => {
    const zipped = zipPage(Buffer.from("<p>a</p>"), "");
    expect(zipped.ends).toHaveLength(1);
    expect(pageWithNonce(zipped, "x").toString()).toBe("<p>a</p>");
  });
});

describe("crc32Combine", () => {
  it("is the CRC of the two pieces joined, whatever their lengths", () => {
    for (const [a, b] of [
      [0, 0],
      [0, 7],
      [7, 0],
      [1, 1],
      [13, 1000],
      [70_000, 65_537],
      [3, 200_000],
    ] as const) {
      const one = randomBytes(a);
      const two = randomBytes(b);
      expect(crc32Combine(crc32(one), crc32(two), b)).toBe(crc32(Buffer.concat([one, two])));
    }
  });
});
