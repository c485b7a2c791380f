/** Small helpers for writing XML by hand: escaping, CDATA and the date formats feeds use. */

// Characters XML 1.0 forbids anywhere (C0 controls other than tab, LF and CR, lone surrogates,
// U+FFFE and U+FFFF). A stray one would make the whole document unreadable to a strict parser.
const INVALID_XML_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, "");
}

/** Escapes text for an element's content or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return stripInvalidXmlChars(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A CDATA section holding any text: a "]]>" inside is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXmlChars(text).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

/** RFC 822 date-time as RSS 2.0 wants it: "Sat, 21 Nov 2026 14:00:00 GMT". */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** W3C Datetime in UTC without milliseconds, for sitemaps: "2026-11-21T14:00:00Z". */
export function w3cDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `<name>escaped text</name>`, indented; nothing when the value is empty. */
export function element(name: string, value: string | number | undefined, indent = ""): string {
  if (value === undefined || value === "") return "";
  return `${indent}<${name}>${escapeXml(String(value))}</${name}>\n`;
}
