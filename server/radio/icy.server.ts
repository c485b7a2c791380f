import { Transform, type TransformCallback } from "node:stream";

/**
 * Removes SHOUTcast/Icecast ("ICY") metadata from a stream. A station that was sent
 * `Icy-MetaData: 1` answers `icy-metaint: N` and puts a metadata block after every N audio bytes:
 * one length byte L, then L × 16 bytes of text. Browsers cannot decode those blocks, so listeners
 * that did not ask for them get the audio alone. Chunk boundaries may fall anywhere.
 */
export class IcyMetadataStripper extends Transform {
  readonly metaInt: number;
  /** Audio bytes left before the next metadata length byte. */
  #audioLeft: number;
  /** Metadata bytes left to skip (when no audio is left and this is 0, the length byte is due). */
  #metaLeft = 0;

  constructor(metaInt: number) {
    super();
    if (!Number.isInteger(metaInt) || metaInt <= 0) throw new RangeError(`bad icy-metaint ${metaInt}`);
    this.metaInt = metaInt;
    this.#audioLeft = metaInt;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.#audioLeft > 0) {
        const take = Math.min(this.#audioLeft, chunk.length - i);
        this.push(chunk.subarray(i, i + take));
        this.#audioLeft -= take;
        i += take;
      } else if (this.#metaLeft === 0) {
        // The length byte; a zero length means "no new metadata".
        this.#metaLeft = (chunk[i] ?? 0) * 16;
        i += 1;
        if (this.#metaLeft === 0) this.#audioLeft = this.metaInt;
      } else {
        const skip = Math.min(this.#metaLeft, chunk.length - i);
        this.#metaLeft -= skip;
        i += skip;
        if (this.#metaLeft === 0) this.#audioLeft = this.metaInt;
      }
    }
    done();
  }
}

/** The `icy-metaint` header as a positive integer, or undefined when absent or malformed. */
export function parseMetaInt(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,7}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n > 0 ? n : undefined;
}
