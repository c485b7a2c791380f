/**
 * Turns a feed's bytes into text. Order: a byte-order mark, then the XML declaration's encoding,
 * then the Content-Type charset, then UTF-8. The declaration wins over the header because the
 * program that wrote the bytes wrote the declaration, while a header charset is often a web
 * server's default. Labels follow the WHATWG Encoding standard (ISO-8859-1 decodes as
 * windows-1252, its superset); an unknown label falls back to UTF-8 rather than failing the feed.
 */
const DECLARED_ENCODING = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;
const CHARSET_PARAM = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

function bomEncoding(b: Uint8Array): string | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return "utf-8";
  if (b[0] === 0xfe && b[1] === 0xff) return "utf-16be";
  if (b[0] === 0xff && b[1] === 0xfe) return "utf-16le";
  // No mark, but "<?" spelled in UTF-16.
  if (b[0] === 0x00 && b[1] === 0x3c && b[2] === 0x00 && b[3] === 0x3f) return "utf-16be";
  if (b[0] === 0x3c && b[1] === 0x00 && b[2] === 0x3f && b[3] === 0x00) return "utf-16le";
  return undefined;
}

/** The encoding we will decode with, as a WHATWG label. */
export function detectEncoding(bytes: Uint8Array, contentType?: string | null): string {
  const fromBom = bomEncoding(bytes);
  if (fromBom) return fromBom;
  // The declaration is ASCII in every encoding this branch can meet.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 512));
  const declared = DECLARED_ENCODING.exec(head)?.[1];
  const fromHeader = contentType ? CHARSET_PARAM.exec(contentType)?.[1] : undefined;
  for (const label of [declared, fromHeader]) {
    if (!label) continue;
    // A UTF-16 label on bytes that are plainly not UTF-16 (no mark, ASCII "<?") is a mislabel.
    if (/^utf-?16/i.test(label)) continue;
    try {
      return new TextDecoder(label).encoding;
    } catch {
      // Unsupported label: try the next source.
    }
  }
  return "utf-8";
}

/** Decodes feed bytes to a string without a BOM. */
export function decodeFeedBytes(bytes: Uint8Array, contentType?: string | null): string {
  const text = new TextDecoder(detectEncoding(bytes, contentType)).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
