import { constants, crc32, deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * A rendered page kept compressed once, sent compressed many times, each time with the response's
 * own CSP nonce in it. The page is cut where its nonce stood; each piece is deflated on its own
 * (flushed to a byte boundary, no final block), so that a response is only joined, never compressed:
 * the pieces, with each copy of the nonce between them as a stored (uncompressed) deflate block,
 * then a final empty block, in a gzip wrapper whose CRC is combined from the pieces' own.
 *
 * Compressing every cache hit anew (brotli, a fresh encoder each time) was most of what a hit cost:
 * about 1 ms of CPU and the garbage of each encoder, on a 70 KB home.
 */
export type ZippedPage = {
  /** The pieces' deflated bytes, one after the other. */
  deflated: Buffer;
  /** Where each piece ends in `deflated`. */
  ends: number[];
  /** Each piece's length and CRC-32, unzipped. */
  lengths: number[];
  crcs: number[];
};

const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };
/** A deflate stream's last block: stored, final, empty. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** gzip's header: deflate, no name, no time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/** `page` cut where `nonce` stands, each piece deflated. */
export function zipPage(page: Buffer, nonce: string): ZippedPage {
  const mark = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  if (mark.length > 0) {
    for (let at = page.indexOf(mark); at !== -1; at = page.indexOf(mark, from)) {
      pieces.push(page.subarray(from, at));
      from = at + mark.length;
    }
  }
  pieces.push(page.subarray(from));
  const zipped = pieces.map((piece) => deflateRawSync(piece, SYNC));
  const ends: number[] = [];
  let end = 0;
  for (const z of zipped) {
    end += z.length;
    ends.push(end);
  }
  // A buffer of its own, exactly this long: deflateRawSync's results and Buffer.concat's are
  // views of larger shared memory (a 7.7 KB page held 64 KB: 3,000 homes took 185 MB, not 22).
  const deflated = Buffer.allocUnsafeSlow(end);
  let at = 0;
  for (const z of zipped) at += z.copy(deflated, at);
  return {
    deflated,
    ends,
    lengths: pieces.map((p) => p.length),
    crcs: pieces.map((p) => crc32(p)),
  };
}

/** What the kept page weighs. */
export const zippedBytes = (z: ZippedPage) => z.deflated.length + 16 * z.ends.length;

/** The nonce as a stored deflate block (the stream is at a byte boundary there). */
function storedBlock(bytes: Buffer): Buffer {
  const n = bytes.length;
  return Buffer.concat([Buffer.from([0x00, n & 0xff, n >>> 8, ~n & 0xff, (~n >>> 8) & 0xff]), bytes]);
}

/** The page's raw deflate stream with `nonce` in its places. */
function deflateStream(z: ZippedPage, nonce: string): Buffer {
  const block = storedBlock(Buffer.from(nonce));
  const parts: Buffer[] = [];
  let from = 0;
  z.ends.forEach((end, i) => {
    if (i > 0) parts.push(block);
    parts.push(z.deflated.subarray(from, end));
    from = end;
  });
  parts.push(FINAL_BLOCK);
  return Buffer.concat(parts);
}

/** The page as gzip, ready to send with `Content-Encoding: gzip`. */
export function gzipWithNonce(z: ZippedPage, nonce: string): Buffer {
  const mark = Buffer.from(nonce);
  const markCrc = crc32(mark);
  let crc = z.crcs[0] ?? 0;
  let size = z.lengths[0] ?? 0;
  for (let i = 1; i < z.crcs.length; i++) {
    crc = crc32Combine(crc32Combine(crc, markCrc, mark.length), z.crcs[i] ?? 0, z.lengths[i] ?? 0);
    size += mark.length + (z.lengths[i] ?? 0);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, deflateStream(z, nonce), trailer]);
}

/** The page itself, for a client that takes no gzip. */
export function pageWithNonce(z: ZippedPage, nonce: string): Buffer {
  return inflateRawSync(deflateStream(z, nonce));
}

// CRC-32 of two pieces joined, from each one's CRC and the second's length (zlib's crc32_combine):
// polynomial arithmetic modulo the CRC's, in reflected bit order.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  let x = b >>> 0;
  for (;;) {
    if (a & m) {
      p ^= x;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    x = x & 1 ? (x >>> 1) ^ POLY : x >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) {
  X2N.push(p);
  p = multModP(p, p);
}

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  for (let rest = n, bit = k; rest > 0; rest = Math.floor(rest / 2), bit++) {
    if (rest % 2 === 1) p = multModP(X2N[bit & 31] ?? 0, p);
  }
  return p;
}

export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  return (multModP(x2nModP(length2, 3), crc1) ^ crc2) >>> 0;
}
