import { Transform, type TransformCallback } from "node:stream";

/**
 * Removes SHOUTcast/Icecast ("ICY") metadata from a stream. A station that was sent
 * `Icy-MetaData: 1` answers `icy-metaint: N` and puts a metadata block after every N audio bytes:
 * one length byte L, then L × 16 bytes of text. Browsers cannot decode those blocks, so listeners
 * that did not ask for them get the audio alone. Chunk boundaries may fall anywhere. Each non-empty
 * block (length byte included) is emitted as a "metadata" event, so the relay can pass the title on
 * to listeners who asked for it, framed from their own first byte (see IcyFramer).
 */
export class IcyMetadataStripper extends Transform {
  readonly metaInt: number;
  /** Audio bytes left before the next metadata length byte. */
  #audioLeft: number;
  /** Metadata bytes left to skip (when no audio is left and this is 0, the length byte is due). */
  #metaLeft = 0;
  /** The block being read, from its length byte. */
  #block: Buffer[] = [];

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
        if (this.#metaLeft > 0) this.#block = [chunk.subarray(i, i + 1)];
        i += 1;
        if (this.#metaLeft === 0) this.#audioLeft = this.metaInt;
      } else {
        const skip = Math.min(this.#metaLeft, chunk.length - i);
        this.#block.push(chunk.subarray(i, i + skip));
        this.#metaLeft -= skip;
        i += skip;
        if (this.#metaLeft === 0) {
          this.#audioLeft = this.metaInt;
          this.emit("metadata", Buffer.concat(this.#block));
          this.#block = [];
        }
      }
    }
    done();
  }
}

const NO_NEW_METADATA = Buffer.from([0]);

/**
 * Puts ICY metadata into one listener's audio: a block after every `metaInt` bytes counted from
 * *their* first byte (a listener who joins a running stream cannot take the station's framing),
 * carrying the current title when it differs from the last one they got, else an empty block.
 */
export class IcyFramer {
  readonly metaInt: number;
  #audioLeft: number;
  #sent: Buffer | undefined;

  constructor(metaInt: number) {
    this.metaInt = metaInt;
    this.#audioLeft = metaInt;
  }

  /** `audio` with the blocks due inside it; `current` is the latest block from the station. */
  frame(audio: Buffer, current: Buffer | undefined): Buffer {
    if (audio.length < this.#audioLeft) {
      this.#audioLeft -= audio.length;
      return audio;
    }
    const parts: Buffer[] = [];
    let i = 0;
    while (i < audio.length) {
      const take = Math.min(this.#audioLeft, audio.length - i);
      parts.push(audio.subarray(i, i + take));
      i += take;
      this.#audioLeft -= take;
      if (this.#audioLeft === 0) {
        const changed = current !== undefined && !(this.#sent && current.equals(this.#sent));
        parts.push(changed ? current : NO_NEW_METADATA);
        if (changed) this.#sent = current;
        this.#audioLeft = this.metaInt;
      }
    }
    return Buffer.concat(parts);
  }
}

/** The `icy-metaint` header as a positive integer, or undefined when absent or malformed. */
export function parseMetaInt(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,7}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n > 0 ? n : undefined;
}
