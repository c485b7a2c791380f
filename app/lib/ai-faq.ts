/**
 * AI-generated FAQs: the browser calls the configured chat-completions service
 * directly with the reader's own key. The key lives only in the page's memory and in the
 * Authorization header of that one request: it is never stored, logged or sent to our server.
 */
import { FAQ_CATEGORIES, type Faq, type FaqCategory } from "#content/faqs.ts";
import { identity } from "#content/identity.ts";
import type { AiService } from "#content/site.ts";

export const missingKeyMessage = (service: string) =>
  `Please enter your ${service} API key to generate more FAQs`;
export const GENERATION_ERROR = "Error generating FAQs. Please check your API key and try again.";
export const PARSE_ERROR = "Error parsing generated FAQs. Please try again.";

/** The spec: generation asks for 20 items. */
export const FAQ_REQUEST_COUNT = 20;
const TIMEOUT_MS = 60_000;
const MAX_QUESTION = 300;
const MAX_ANSWER = 4000;

export const systemPrompt = (title: string) =>
  `You are an editorial assistant for ${title}, a public news site about electric vehicles, EV charging and sustainable transport, plus general local, national and world news. Write accurate, concise, neutral answers for a general audience. Reply with valid JSON only.`;
/** The bundled site's prompts. */
export const SYSTEM_PROMPT = systemPrompt(identity.title);

export const userPrompt = (title: string) =>
  `Generate ${FAQ_REQUEST_COUNT} frequently asked questions, with answers, that readers of ${title} would ask about electric vehicles, EV charging, incentives and tax credits, battery and vehicle technology, vehicle reviews, the environment, transport policy, local news and the publication itself. Reply with a JSON array only, no other text. Each element must be an object with the string fields "question", "answer" and "category", where "category" is exactly one of: ${FAQ_CATEGORIES.join(", ")}. Keep each answer under 80 words.`;
export const USER_PROMPT = userPrompt(identity.title);

/** The request the spec describes (§7): POST, bearer key, model, two messages and the tuning fields. */
export function buildFaqRequest(service: AiService, key: string): { url: string; init: RequestInit } {
  return {
    url: service.endpoint,
    init: {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key.trim()}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({
        model: service.model,
        messages: [
          { role: "system", content: systemPrompt(service.publication ?? identity.title) },
          { role: "user", content: userPrompt(service.publication ?? identity.title) },
        ],
        temperature: 0.3,
        top_p: 0.9,
        max_tokens: 2000,
        search_recency_filter: "month",
      }),
      // Nothing of ours rides along: no cookies, no referring page, no cache.
      credentials: "omit",
      referrerPolicy: "no-referrer",
      cache: "no-store",
    },
  };
}

export type GeneratedFaq = { question: string; answer: string; category: FaqCategory };

export class FaqParseError extends Error {}

/** The JSON inside a ```json (or bare ```) fenced block, else the whole text. */
export function extractJsonText(content: string): string {
  const fenced = /```(?:json)?[^\S\n]*\n?([\s\S]*?)```/i.exec(content);
  return (fenced?.[1] ?? content).trim();
}

/**
 * Parses the service's text into checked items: JSON (fenced or not) holding an array (or an object
 * with a `faqs` array); items need a non-empty question and answer; categories are mapped to ours.
 * Throws FaqParseError when the text is not such JSON or holds no usable item.
 */
export function parseGeneratedFaqs(content: string): GeneratedFaq[] {
  let data: unknown;
  try {
    data = JSON.parse(extractJsonText(content));
  } catch {
    throw new FaqParseError("not JSON");
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === "object" && Array.isArray((data as { faqs?: unknown }).faqs)
      ? (data as { faqs: unknown[] }).faqs
      : null;
  if (!list) throw new FaqParseError("not a list");
  const items: GeneratedFaq[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== "object") continue;
    const { question, answer, category } = raw as Record<string, unknown>;
    if (typeof question !== "string" || typeof answer !== "string") continue;
    const q = question.trim().slice(0, MAX_QUESTION);
    const a = answer.trim().slice(0, MAX_ANSWER);
    if (!q || !a) continue;
    items.push({ question: q, answer: a, category: closestCategory(category) });
  }
  if (list.length > 0 && items.length === 0) throw new FaqParseError("no usable item");
  return items;
}

const squash = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

/** Word stems that point to a category when the service invents a name of its own. */
const STEMS: ReadonlyArray<readonly [FaqCategory, readonly string[]]> = [
  ["Charging", ["charg", "plug", "station", "kwh", "recharg"]],
  [
    "Incentives",
    ["incentiv", "credit", "tax", "rebate", "subsid", "grant", "financ", "saving", "cost", "price"],
  ],
  ["Technology", ["tech", "batter", "software", "autonom", "range", "innovat", "hydrogen", "solid"]],
  ["Vehicle Reviews", ["review", "model", "buy", "test", "compar", "car", "truck", "suv"]],
  [
    "Environmental",
    ["environment", "climat", "emission", "sustainab", "green", "carbon", "recycl", "pollut"],
  ],
  ["Policy", ["polic", "regulat", "law", "legislat", "govern", "mandate", "standard", "federal"]],
  ["Local News", ["local", "communit", "city", "regional", "town", "neighbo"]],
  ["About Us", ["about", "publication", "company", "mission", "team", "editor", "subscri", "newsletter"]],
  ["Content", ["content", "coverage", "article", "news", "feed", "source", "general"]],
];

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/**
 * Our category closest to what the service returned: the same name in any case or spacing, then a
 * name inside the other ("EV Charging"), then topic words ("Tax credits"), then spelling distance
 * ("Enviromental"). Anything else, or nothing, is "Content".
 */
export function closestCategory(raw: unknown): FaqCategory {
  if (typeof raw !== "string") return "Content";
  const s = squash(raw);
  if (!s) return "Content";
  const exact = FAQ_CATEGORIES.find((c) => squash(c) === s);
  if (exact) return exact;
  if (s.length >= 4) {
    const inside = FAQ_CATEGORIES.find((c) => s.includes(squash(c)) || squash(c).includes(s));
    if (inside) return inside;
  }
  const words = raw.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  let best: FaqCategory | null = null;
  let bestHits = 0;
  for (const [category, stems] of STEMS) {
    const hits = words.filter((w) => stems.some((stem) => w.startsWith(stem))).length;
    if (hits > bestHits) {
      best = category;
      bestHits = hits;
    }
  }
  if (best) return best;
  let nearest: FaqCategory = "Content";
  let distance = Number.POSITIVE_INFINITY;
  for (const c of FAQ_CATEGORIES) {
    const d = levenshtein(s, squash(c));
    if (d < distance) {
      nearest = c;
      distance = d;
    }
  }
  return distance <= Math.max(2, Math.floor(s.length / 3)) ? nearest : "Content";
}

/** How questions are compared for repeats: case, accents, punctuation and spacing do not count. */
export function questionKey(question: string): string {
  return question
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Appends the new items, skipping questions already listed (or repeated within the batch). */
export function appendFaqs(existing: readonly Faq[], incoming: readonly GeneratedFaq[]) {
  const seen = new Set(existing.map((f) => questionKey(f.question)));
  const list = [...existing];
  let added = 0;
  for (const item of incoming) {
    const key = questionKey(item.question);
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ ...item, id: `ai-${list.length + 1}`, generated: true });
    added++;
  }
  return { list, added, skipped: incoming.length - added };
}

export type GenerateResult =
  | { ok: true; list: Faq[]; added: number; skipped: number }
  | { ok: false; error: string };

/**
 * One generation: the request, then the first choice's message content parsed as FAQs and appended.
 * A failed call or a non-OK status gives GENERATION_ERROR; text that is not usable JSON, PARSE_ERROR.
 */
export async function generateFaqs(
  service: AiService,
  key: string,
  existing: readonly Faq[],
  fetchImpl: typeof fetch = fetch,
): Promise<GenerateResult> {
  const { url, init } = buildFaqRequest(service, key);
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return { ok: false, error: GENERATION_ERROR };
  }
  if (!response.ok) return { ok: false, error: GENERATION_ERROR };
  let content: unknown;
  try {
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    content = body.choices?.[0]?.message?.content;
  } catch {
    return { ok: false, error: PARSE_ERROR };
  }
  if (typeof content !== "string") return { ok: false, error: PARSE_ERROR };
  try {
    return { ok: true, ...appendFaqs(existing, parseGeneratedFaqs(content)) };
  } catch {
    return { ok: false, error: PARSE_ERROR };
  }
}
