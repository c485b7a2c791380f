import { FeedParseError } from "./errors.ts";
import { child, localName, parseXml, type XmlElement } from "./xml.ts";

export type FeedFormat = "rss" | "atom" | "rdf";

/** One item's fields as the feed wrote them (markup and relative URLs still in place). */
export type RawItem = {
  /** guid (RSS) or id (Atom). */
  guid?: string;
  /** The guid may be used as the link (RSS: isPermaLink is not "false"). */
  guidIsPermaLink: boolean;
  title?: string;
  link?: string;
  /** description (Atom: summary); may hold HTML. */
  description?: string;
  /** content:encoded (Atom: content); HTML. */
  content?: string;
  /** Date candidates in the spec's order: pubDate, dc:date, Atom published, Atom updated. */
  dates: string[];
  /** dc:creator, else the author element's name. */
  author?: string;
  /** Image candidates in the spec's order: image enclosure, media:content image, media:thumbnail. */
  images: string[];
  /** RSS <category> text, Atom <category label|term>, dc:subject; as written, in feed order. */
  categories?: string[];
};

export type ParsedFeed = {
  format: FeedFormat;
  title?: string;
  link?: string;
  description?: string;
  items: RawItem[];
};

/**
 * Parses RSS 0.9x/2.0, RDF (RSS 1.0) and Atom 1.0 into raw items. Anything that is not a well-formed
 * document of one of those kinds is the catalogue's 'Failed to parse RSS XML'. A malformed item
 * (missing fields, odd shapes) gives a sparse RawItem, never an exception. With `maxItems`, reading
 * stops after that many items (the rest of the document is not read, nor checked).
 */
export function parseFeed(xml: string, options: { maxItems?: number } = {}): ParsedFeed {
  let root: XmlElement;
  try {
    root = parseXml(xml, options);
  } catch (error) {
    throw new FeedParseError({ cause: error });
  }
  const kind = localName(root.name);
  if (kind === "rss") return readRss(root, xml);
  if (kind === "feed") return readAtom(root, xml);
  if (kind === "rdf") return readRdf(root, xml);
  throw new FeedParseError({ cause: new Error(`Not a feed: the root element is <${root.name}>`) });
}

function text(el: XmlElement | undefined): string | undefined {
  if (!el) return undefined;
  const t = el.text.trim();
  return t === "" ? undefined : t;
}

function channelFields(channel: XmlElement | undefined): Omit<ParsedFeed, "format" | "items"> {
  if (!channel) return {};
  return {
    title: text(child(channel, "title")),
    link: text(child(channel, "link")),
    description: text(child(channel, "description")),
  };
}

function readRss(root: XmlElement, xml: string): ParsedFeed {
  const channel = child(root, "channel");
  const items: RawItem[] = [];
  // RSS 0.9x puts items in the channel; a few old feeds put them beside it.
  for (const parent of channel ? [channel, root] : [root]) {
    for (const el of parent.children) if (el.name === "item") items.push(readItem(el, xml));
  }
  return { format: "rss", ...channelFields(channel), items };
}

function readRdf(root: XmlElement, xml: string): ParsedFeed {
  const channel = child(root, "channel");
  const items: RawItem[] = [];
  for (const el of root.children) if (el.name === "item") items.push(readItem(el, xml));
  return { format: "rdf", ...channelFields(channel), items };
}

function readAtom(root: XmlElement, xml: string): ParsedFeed {
  const items: RawItem[] = [];
  for (const el of root.children) if (el.name === "entry") items.push(readItem(el, xml));
  const link = root.children.find((c) => c.name === "link" && isAlternate(c))?.attrs?.href;
  return {
    format: "atom",
    title: atomText(child(root, "title"), xml),
    link: link?.trim() || undefined,
    description: atomText(child(root, "subtitle"), xml),
    items,
  };
}

function isAlternate(link: XmlElement): boolean {
  const rel = link.attrs?.rel?.trim().toLowerCase();
  return rel === undefined || rel === "" || rel === "alternate";
}

/** Atom text constructs: type="xhtml" holds markup as child elements, so take the raw inner XML. */
function atomText(el: XmlElement | undefined, xml: string): string | undefined {
  if (!el) return undefined;
  if (el.attrs?.type?.toLowerCase() === "xhtml") {
    const raw = xml.slice(el.innerStart, el.innerEnd).trim();
    return raw === "" ? undefined : raw;
  }
  return text(el);
}

/** Categories read per item: some feeds tag an item with hundreds; the normaliser keeps fewer still. */
const MAX_RAW_CATEGORIES = 32;

const IMAGE_EXTENSION = /\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i;

function isImage(type: string | undefined, url: string): boolean {
  if (type) return type.trim().toLowerCase().startsWith("image/");
  return IMAGE_EXTENSION.test(url);
}

/** media:content is an image when its medium or type says so, or, saying neither, its URL does. */
function mediaContentImage(el: XmlElement): string | undefined {
  const url = el.attrs?.url?.trim();
  if (!url) return undefined;
  const medium = el.attrs?.medium?.trim().toLowerCase();
  if (medium) return medium === "image" ? url : undefined;
  return isImage(el.attrs?.type, url) ? url : undefined;
}

/** media:content, media:thumbnail and media:group (which nest); depth-limited against hostile nesting. */
function collectMedia(el: XmlElement, contents: string[], thumbnails: string[], depth = 0): void {
  if (depth > 3) return;
  if (el.name === "media:content") {
    const url = mediaContentImage(el);
    if (url) contents.push(url);
  } else if (el.name === "media:thumbnail") {
    const url = el.attrs?.url?.trim();
    if (url) thumbnails.push(url);
    return;
  } else if (el.name !== "media:group") {
    return;
  }
  for (const c of el.children) collectMedia(c, contents, thumbnails, depth + 1);
}

/** RSS's author is an e-mail address, "jane@example.com (Jane Doe)" at best: keep only a name. */
function authorFromRss(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const bracketed = /^\S+@\S+\s*\((.+)\)\s*$/.exec(value);
  if (bracketed) return bracketed[1];
  return /^\S+@\S+$/.test(value) ? undefined : value;
}

/** Reads an RSS/RDF item or an Atom entry: the element names do not collide, so one pass serves all. */
function readItem(item: XmlElement, xml: string): RawItem {
  const categories: string[] = [];
  const raw: RawItem = { guidIsPermaLink: false, dates: [], images: [], categories };
  let pubDate: string | undefined;
  let dcDate: string | undefined;
  let published: string | undefined;
  let updated: string | undefined;
  let creator: string | undefined;
  let authorName: string | undefined;
  const enclosures: string[] = [];
  const mediaContents: string[] = [];
  const thumbnails: string[] = [];

  for (const c of item.children) {
    switch (c.name) {
      case "title":
        raw.title ??= atomText(c, xml);
        break;
      case "link": {
        if (c.attrs?.href !== undefined) {
          // Atom: rel="alternate" (or no rel) is the article; rel="enclosure" may be its image.
          const href = c.attrs.href.trim();
          if (isAlternate(c)) raw.link ??= href || undefined;
          else if (c.attrs.rel?.trim().toLowerCase() === "enclosure" && href && isImage(c.attrs.type, href))
            enclosures.push(href);
        } else {
          raw.link ??= text(c);
        }
        break;
      }
      case "guid":
        if (raw.guid === undefined) {
          raw.guid = text(c);
          // RSS: a guid is a permalink unless it says otherwise.
          raw.guidIsPermaLink = c.attrs?.ispermalink?.trim().toLowerCase() !== "false";
        }
        break;
      case "id":
        raw.guid ??= text(c);
        break;
      case "description":
      case "summary":
        raw.description ??= atomText(c, xml);
        break;
      case "content:encoded":
      case "content":
        raw.content ??= atomText(c, xml);
        break;
      case "pubdate":
        pubDate ??= text(c);
        break;
      case "dc:date":
        dcDate ??= text(c);
        break;
      case "published":
        published ??= text(c);
        break;
      case "updated":
        updated ??= text(c);
        break;
      case "dc:creator":
        creator ??= text(c);
        break;
      case "author":
        // RSS: an e-mail address, often with the name in brackets; Atom: a person element.
        authorName ??= text(child(c, "name")) ?? authorFromRss(text(c));
        break;
      case "category": {
        // RSS: the text (a "domain" attribute names the taxonomy); Atom: label, else term.
        const value = c.attrs?.label ?? c.attrs?.term ?? text(c);
        if (value && categories.length < MAX_RAW_CATEGORIES) categories.push(value);
        break;
      }
      case "dc:subject": {
        const value = text(c);
        if (value && categories.length < MAX_RAW_CATEGORIES) categories.push(value);
        break;
      }
      case "enclosure": {
        const url = c.attrs?.url?.trim();
        if (url && isImage(c.attrs?.type, url)) enclosures.push(url);
        break;
      }
      case "media:content":
      case "media:group":
      case "media:thumbnail":
        collectMedia(c, mediaContents, thumbnails);
        break;
    }
  }

  for (const d of [pubDate, dcDate, published, updated]) if (d) raw.dates.push(d);
  raw.author = creator ?? authorName;
  raw.images = [...enclosures, ...mediaContents, ...thumbnails];
  return raw;
}
