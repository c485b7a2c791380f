import { decodeEntities } from "./entities.ts";

/**
 * A small, strict XML reader made for feeds. It exists because general parsers spend most of their
 * time on features feeds do not need (bench/feeds.ts has the figures), and because owning it lets
 * us guarantee the security rules: a DOCTYPE is skipped unread, so no DTD entity (internal or
 * external) is ever expanded and no file or URL is ever read. It has no recursion, so nesting depth
 * cannot overflow the stack.
 *
 * Well-formedness is checked the way a browser's DOMParser does for the parts that matter: tags
 * must nest and close, there is exactly one root, attributes are quoted. Unknown entity references
 * are kept as written (the lenient choice most feed readers make).
 */
export type XmlElement = {
  /** Lower-cased qualified name; a known namespace's prefix is normalised (any "dc" alias → "dc:"). */
  name: string;
  /** Lower-cased attribute names → decoded values; undefined when the element has none. */
  attrs: Record<string, string> | undefined;
  children: XmlElement[];
  /** Character data directly inside the element: entities decoded, CDATA verbatim. */
  text: string;
  /** Offsets of the element's raw inner markup in the source (for Atom's type="xhtml"). */
  innerStart: number;
  innerEnd: number;
};

export class XmlSyntaxError extends Error {
  override name = "XmlSyntaxError";
}

/** Namespace URIs we read, normalised (lower case, http, no trailing slash) → canonical prefix. */
const KNOWN_NAMESPACES: Record<string, string> = {
  "http://purl.org/rss/1.0/modules/content": "content",
  "http://purl.org/dc/elements/1.1": "dc",
  "http://purl.org/dc/terms": "dcterms",
  "http://search.yahoo.com/mrss": "media",
  "http://video.search.yahoo.com/mrss": "media",
  "http://www.w3.org/2005/atom": "atom",
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
};

function canonicalPrefix(uri: string): string | undefined {
  let u = uri.trim().toLowerCase();
  if (u.startsWith("https:")) u = `http:${u.slice(6)}`;
  if (u.endsWith("/")) u = u.slice(0, -1);
  return KNOWN_NAMESPACES[u];
}

const LT = 60; // <
const GT = 62; // >
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQUALS = 61;
const DQUOTE = 34;
const SQUOTE = 39;
const LBRACKET = 91;
const RBRACKET = 93;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function isBlank(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isSpace(s.charCodeAt(k))) return false;
  return true;
}

const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

function fail(message: string, at: number): never {
  throw new XmlSyntaxError(`${message} at offset ${at}`);
}

/** Parses a document and returns its root element; throws XmlSyntaxError when it is not well formed. */
export function parseXml(xml: string, options: { maxItems?: number } = {}): XmlElement {
  const n = xml.length;
  // Feed items (RSS/RDF <item>, Atom <entry>) closed so far, at the top two levels; reading
  // stops after maxItems of them, so a huge feed costs no more than its first items.
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  let items = 0;
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < n && isSpace(xml.charCodeAt(i))) i++;

  const stack: XmlElement[] = [];
  const rawNames: string[] = [];
  // Prefix as written → canonical prefix. Document-wide: feeds declare namespaces on the root.
  const prefixes = new Map<string, string>();
  const names = new Map<string, string>();
  let root: XmlElement | undefined;

  while (i < n) {
    const lt = xml.indexOf("<", i);
    const textEnd = lt === -1 ? n : lt;
    // Whitespace-only runs are indentation between elements: skipping them saves most of the
    // string building (its only cost: "<![CDATA[a]]> <![CDATA[b]]>" reads "ab").
    if (textEnd > i && !isBlank(xml, i, textEnd)) {
      const top = stack[stack.length - 1];
      if (!top) fail("Text outside the root element", i);
      const chunk = xml.slice(i, textEnd);
      top.text = top.text === "" ? decodeEntities(chunk) : top.text + decodeEntities(chunk);
    }
    if (lt === -1) break;
    const next = xml.charCodeAt(lt + 1);

    if (next === SLASH) {
      const gt = xml.indexOf(">", lt + 2);
      if (gt === -1) fail("Unterminated end tag", lt);
      const open = rawNames.pop();
      // Compare in place: the end tag is the open name, then optional whitespace.
      const nameEnd = lt + 2 + (open?.length ?? 0);
      if (open === undefined || !xml.startsWith(open, lt + 2) || !isBlank(xml, nameEnd, gt)) {
        const name = xml.slice(lt + 2, gt).trimEnd();
        fail(open === undefined ? `Unexpected </${name}>` : `Expected </${open}> but found </${name}>`, lt);
      }
      const el = stack.pop() as XmlElement;
      el.innerEnd = lt;
      i = gt + 1;
      if (stack.length <= 2 && (el.name === "item" || el.name === "entry") && ++items >= maxItems) {
        return root as XmlElement;
      }
      continue;
    }

    if (next === BANG) {
      if (xml.startsWith("<!--", lt)) {
        const end = xml.indexOf("-->", lt + 4);
        if (end === -1) fail("Unterminated comment", lt);
        i = end + 3;
      } else if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end === -1) fail("Unterminated CDATA section", lt);
        const top = stack[stack.length - 1];
        if (!top) fail("CDATA outside the root element", lt);
        top.text += xml.slice(lt + 9, end);
        i = end + 3;
      } else if (xml.slice(lt + 2, lt + 9).toUpperCase() === "DOCTYPE") {
        if (root) fail("DOCTYPE after the root element", lt);
        i = skipDoctype(xml, lt);
      } else {
        fail("Unexpected markup declaration", lt);
      }
      continue;
    }

    if (next === QUESTION) {
      const end = xml.indexOf("?>", lt + 2);
      if (end === -1) fail("Unterminated processing instruction", lt);
      i = end + 2;
      continue;
    }

    // Start tag: name, then quoted attributes, then ">" or "/>".
    let j = lt + 1;
    for (; j < n; j++) {
      const c = xml.charCodeAt(j);
      if (c === GT || c === SLASH || isSpace(c)) break;
    }
    const rawName = xml.slice(lt + 1, j);
    if (rawName === "") fail("Unescaped < or empty tag name", lt);
    let attrs: Record<string, string> | undefined;
    let selfClosing = false;
    let declared = false;
    for (;;) {
      while (j < n && isSpace(xml.charCodeAt(j))) j++;
      if (j >= n) fail("Unterminated start tag", lt);
      const c = xml.charCodeAt(j);
      if (c === GT) {
        j++;
        break;
      }
      if (c === SLASH) {
        if (xml.charCodeAt(j + 1) !== GT) fail("Unexpected / in a start tag", j);
        selfClosing = true;
        j += 2;
        break;
      }
      const nameStart = j;
      for (; j < n; j++) {
        const a = xml.charCodeAt(j);
        if (a === EQUALS || a === GT || a === SLASH || isSpace(a)) break;
      }
      const attrName = xml.slice(nameStart, j).toLowerCase();
      while (j < n && isSpace(xml.charCodeAt(j))) j++;
      if (xml.charCodeAt(j) !== EQUALS) fail(`Attribute ${attrName} has no value`, j);
      j++;
      while (j < n && isSpace(xml.charCodeAt(j))) j++;
      const quote = xml.charCodeAt(j);
      if (quote !== DQUOTE && quote !== SQUOTE) fail(`Attribute ${attrName} is not quoted`, j);
      const end = xml.indexOf(quote === DQUOTE ? '"' : "'", j + 1);
      if (end === -1) fail("Unterminated attribute value", j);
      const raw = xml.slice(j + 1, end);
      const value = raw.indexOf("&") === -1 ? raw : decodeEntities(raw);
      // A null-prototype object, so an attribute named __proto__ is just data.
      attrs ??= Object.create(null) as Record<string, string>;
      attrs[attrName] = value;
      if (attrName.startsWith("xmlns:")) {
        const prefix = attrName.slice(6);
        prefixes.set(prefix, canonicalPrefix(value) ?? prefix);
        declared = true;
      }
      j = end + 1;
    }

    let name = names.get(rawName);
    if (name === undefined || declared) {
      name = rawName.toLowerCase();
      const colon = name.indexOf(":");
      if (colon > 0) {
        const canonical = prefixes.get(name.slice(0, colon));
        if (canonical !== undefined) name = `${canonical}${name.slice(colon)}`;
      }
      // Names repeat thousands of times in a feed; a declaration can change a prefix's meaning.
      if (declared) names.clear();
      names.set(rawName, name);
    }
    const el: XmlElement = { name, attrs, children: NO_CHILDREN, text: "", innerStart: j, innerEnd: j };
    const parent = stack[stack.length - 1];
    // Most elements are leaves: they share one empty array until a child arrives.
    if (parent) {
      if (parent.children === NO_CHILDREN) parent.children = [el];
      else parent.children.push(el);
    } else if (root) fail("More than one root element", lt);
    else root = el;
    if (!selfClosing) {
      stack.push(el);
      rawNames.push(rawName);
    }
    i = j;
  }

  if (rawNames.length > 0) fail(`Unclosed <${rawNames[rawNames.length - 1]}>`, n);
  if (!root) fail("No root element", n);
  return root;
}

/** Returns the offset after a DOCTYPE declaration, internal subset included, without reading it. */
function skipDoctype(xml: string, from: number): number {
  let depth = 0;
  let quote = 0;
  for (let k = from + 9; k < xml.length; k++) {
    const c = xml.charCodeAt(k);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === DQUOTE || c === SQUOTE) {
      quote = c;
    } else if (c === LBRACKET) {
      depth++;
    } else if (c === RBRACKET) {
      depth--;
    } else if (c === GT && depth <= 0) {
      return k + 1;
    } else if (c === LT && depth <= 0) {
      break;
    }
  }
  return fail("Unterminated DOCTYPE", from);
}

/** The first child with this name. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) if (c.name === name) return c;
  return undefined;
}

/** The local part of a qualified name ("rdf:rdf" → "rdf"). */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}
