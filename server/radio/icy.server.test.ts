import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { IcyFramer, IcyMetadataStripper, parseMetaInt } from "./icy.server.ts";
import { icyBlock } from "./testing/fake-upstream.ts";

/** Audio bytes 0..n-1 (mod 256) with a metadata block after every `metaInt` of them. */
function interleaved(audio: Buffer, metaInt: number, blocks: Buffer[]): Buffer {
  const parts: Buffer[] = [];
  let b = 0;
  for (let i = 0; i < audio.length; i += metaInt) {
    const slice = audio.subarray(i, i + metaInt);
    parts.push(slice);
    if (slice.length === metaInt) parts.push(blocks[b++ % blocks.length] ?? Buffer.from([0]));
  }
  return Buffer.concat(parts);
}

async function strip(input: Buffer, metaInt: number, chunkSize: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < input.length; i += chunkSize) chunks.push(input.subarray(i, i + chunkSize));
  return buffer(Readable.from(chunks).pipe(new IcyMetadataStripper(metaInt)));
}

describe("IcyMetadataStripper", () => {
  const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  const blocks = [
    icyBlock("StreamTitle='One';"),
    Buffer.from([0]),
    icyBlock("StreamTitle='A longer title';"),
  ];
  const stream = interleaved(audio, 64, blocks);

  it("returns exactly the audio, whatever the chunk boundaries", async () => {
    for (const size of [1, 2, 3, 7, 16, 63, 64, 65, 100, 4096]) {
      expect((await strip(stream, 64, size)).equals(audio), `chunks of ${size}`).toBe(true);
    }
  });

  it("handles empty metadata blocks (length byte 0)", async () => {
    const input = interleaved(audio, 10, [Buffer.from([0])]);
    expect((await strip(input, 10, 13)).equals(audio)).toBe(true);
  });

  it("refuses a meaningless interval", () => {
    expect(() => new IcyMetadataStripper(0)).toThrow(RangeError);
  });

  it("reports each non-empty block, whatever the chunk boundaries", async () => {
    for (const size of [1, 7, 65, 4096]) {
      const stripper = new IcyMetadataStripper(64);
      const seen: Buffer[] = [];
      stripper.on("metadata", (block: Buffer) => seen.push(block));
      const chunks: Buffer[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.subarray(i, i + size));
      await buffer(Readable.from(chunks).pipe(stripper));
      const expected = Array.from({ length: Math.floor(audio.length / 64) }, (_, b) => blocks[b % 3]);
      expect(seen, `chunks of ${size}`).toEqual(expected.filter((block) => block && block.length > 1));
    }
  });
});

describe("IcyFramer", () => {
  it("frames a listener's audio from their first byte: the title once, then empty blocks", () => {
    const title = icyBlock("StreamTitle='One';");
    const framer = new IcyFramer(10);
    const audio = Buffer.from(Array.from({ length: 35 }, (_, i) => i));
    const out = Buffer.concat([
      framer.frame(audio.subarray(0, 4), undefined),
      framer.frame(audio.subarray(4, 23), title),
      framer.frame(audio.subarray(23), Buffer.from(title)),
    ]);
    expect(out.equals(interleaved(audio, 10, [title, Buffer.from([0]), Buffer.from([0])]))).toBe(true);
    // A new title is passed on at the next block.
    const next = icyBlock("StreamTitle='Two';");
    expect(framer.frame(Buffer.alloc(5), next).subarray(5).equals(next)).toBe(true);
  });
});

describe("parseMetaInt", () => {
  it("accepts positive integers only", () => {
    expect(parseMetaInt("16000")).toBe(16000);
    expect(parseMetaInt(" 8192 ")).toBe(8192);
    expect(parseMetaInt(undefined)).toBeUndefined();
    expect(parseMetaInt("0")).toBeUndefined();
    expect(parseMetaInt("-5")).toBeUndefined();
    expect(parseMetaInt("12abc")).toBeUndefined();
    expect(parseMetaInt(["4096", "1"])).toBe(4096);
  });
});
