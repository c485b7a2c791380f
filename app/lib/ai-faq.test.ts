import { describe, expect, it, vi } from "vitest";
import { FAQ_CATEGORIES, type Faq, faqs } from "#content/faqs.ts";
import { aiService } from "#content/site.ts";
import {
  appendFaqs,
  buildFaqRequest,
  closestCategory,
  extractJsonText,
  FaqParseError,
  GENERATION_ERROR,
  generateFaqs,
  missingKeyMessage,
  PARSE_ERROR,
  parseGeneratedFaqs,
  SYSTEM_PROMPT,
  USER_PROMPT,
} from "./ai-faq.ts";

const service = { name: "Perplexity", endpoint: "https://ai.example/chat/completions", model: "sonar" };

function completion(content: unknown, status = 200) {
  return new Response(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

describe("aiService", () => {
  it("defaults to Perplexity's chat-completions endpoint and model sonar", () => {
    expect(aiService({})).toEqual({
      name: "Perplexity",
      endpoint: "https://api.perplexity.ai/chat/completions",
      model: "sonar",
    });
  });

  it("takes the environment's overrides", () => {
    expect(aiService({ AI_FAQ_ENDPOINT: "http://127.0.0.1:9/v1", AI_FAQ_MODEL: "sonar-pro" })).toMatchObject({
      endpoint: "http://127.0.0.1:9/v1",
      model: "sonar-pro",
    });
  });

  it("names the service in the missing-key message", () => {
    expect(missingKeyMessage("Perplexity")).toBe(
      "Please enter your Perplexity API key to generate more FAQs",
    );
  });
});

describe("buildFaqRequest", () => {
  it("is the spec's request: POST, bearer key, model, two messages and the tuning fields", () => {
    const { url, init } = buildFaqRequest(service, "  pplx-secret  ");
    expect(url).toBe(service.endpoint);
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({
      Authorization: "Bearer pplx-secret",
      "Content-Type": "application/json",
    });
    expect(init.credentials).toBe("omit");
    const body = JSON.parse(String(init.body));
    expect(body).toEqual({
      model: "sonar",
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: USER_PROMPT },
      ],
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 2000,
      search_recency_filter: "month",
    });
  });

  it("asks for 20 FAQs as a JSON array of question, answer and one of our categories", () => {
    expect(USER_PROMPT).toContain("Generate 20 frequently asked questions");
    expect(USER_PROMPT).toContain("JSON array");
    for (const field of ['"question"', '"answer"', '"category"']) expect(USER_PROMPT).toContain(field);
    for (const c of FAQ_CATEGORIES) expect(USER_PROMPT).toContain(c);
    expect(USER_PROMPT).not.toContain("All,");
  });
});

describe("extractJsonText and parseGeneratedFaqs", () => {
  const item = {
    question: "What is regenerative braking?",
    answer: "It recovers energy.",
    category: "Technology",
  };

  it("reads plain JSON and ```json fenced blocks", () => {
    expect(extractJsonText('[{"a":1}]')).toBe('[{"a":1}]');
    expect(extractJsonText('Here you go:\n```json\n[{"a":1}]\n```\nEnjoy.')).toBe('[{"a":1}]');
    expect(extractJsonText('```\n[{"a":1}]\n```')).toBe('[{"a":1}]');
    expect(parseGeneratedFaqs(`\`\`\`json\n${JSON.stringify([item])}\n\`\`\``)).toEqual([item]);
  });

  it("accepts an object holding a faqs array", () => {
    expect(parseGeneratedFaqs(JSON.stringify({ faqs: [item] }))).toEqual([item]);
  });

  it("rejects text that is not JSON, or not a list", () => {
    expect(() => parseGeneratedFaqs("Sorry, I cannot help with that.")).toThrow(FaqParseError);
    expect(() => parseGeneratedFaqs('{"question": "x"}')).toThrow(FaqParseError);
    expect(() => parseGeneratedFaqs("```json\n[{oops}]\n```")).toThrow(FaqParseError);
  });

  it("keeps only items with a non-empty question and answer, trimmed", () => {
    const parsed = parseGeneratedFaqs(
      JSON.stringify([
        { question: "  Q1?  ", answer: " A1. ", category: "Policy" },
        { question: "", answer: "no question", category: "Policy" },
        { question: "no answer", answer: "   ", category: "Policy" },
        { question: 42, answer: "not a string" },
        null,
        "text",
      ]),
    );
    expect(parsed).toEqual([{ question: "Q1?", answer: "A1.", category: "Policy" }]);
    expect(() => parseGeneratedFaqs(JSON.stringify([{ question: "", answer: "" }]))).toThrow(FaqParseError);
  });
});

describe("closestCategory", () => {
  it("keeps our categories in any case or spacing", () => {
    for (const c of FAQ_CATEGORIES) expect(closestCategory(c)).toBe(c);
    expect(closestCategory("vehicle reviews")).toBe("Vehicle Reviews");
    expect(closestCategory("LOCAL-NEWS")).toBe("Local News");
  });

  it("maps unknown names to the closest known one", () => {
    expect(closestCategory("EV Charging")).toBe("Charging");
    expect(closestCategory("Reviews")).toBe("Vehicle Reviews");
    expect(closestCategory("Environment")).toBe("Environmental");
    expect(closestCategory("Tax Credits")).toBe("Incentives");
    expect(closestCategory("Battery Technology")).toBe("Technology");
    expect(closestCategory("Government regulation")).toBe("Policy");
    expect(closestCategory("Enviromental")).toBe("Environmental");
    expect(closestCategory("Polcy")).toBe("Policy");
  });

  it("falls back to Content for nothing or nonsense, and never to All", () => {
    expect(closestCategory(undefined)).toBe("Content");
    expect(closestCategory("")).toBe("Content");
    expect(closestCategory("zzzzqqqq")).toBe("Content");
    expect(closestCategory("All")).toBe("Content");
  });
});

describe("appendFaqs", () => {
  it("appends new items after the existing ones and skips repeated questions", () => {
    const existing: Faq[] = faqs.slice(0, 2);
    const { list, added, skipped } = appendFaqs(existing, [
      { question: existing[0]?.question.toUpperCase() ?? "", answer: "dup", category: "Content" },
      { question: "A new question?", answer: "A.", category: "Charging" },
      { question: "a new   question", answer: "same again", category: "Charging" },
    ]);
    expect(added).toBe(1);
    expect(skipped).toBe(2);
    expect(list).toHaveLength(3);
    expect(list.slice(0, 2)).toEqual(existing);
    expect(list[2]).toMatchObject({ question: "A new question?", generated: true, id: "ai-3" });
  });
});

describe("generateFaqs", () => {
  const items = [
    { question: "What is a kilowatt-hour?", answer: "A unit of energy.", category: "Technology" },
    { question: "Do EVs need oil changes?", answer: "No.", category: "Maintenance" },
  ];

  it("sends the request and appends the parsed items", async () => {
    const fetchImpl = vi.fn(async () => completion(JSON.stringify(items)));
    const result = await generateFaqs(service, "key-1", faqs, fetchImpl);
    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(service.endpoint);
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer key-1");
    expect(result).toMatchObject({ ok: true, added: 2, skipped: 0 });
    if (result.ok) {
      expect(result.list).toHaveLength(faqs.length + 2);
      expect(result.list.at(-1)).toMatchObject({ question: "Do EVs need oil changes?", category: "Content" });
    }
  });

  it("reads a fenced answer", async () => {
    const fenced = `Sure!\n\`\`\`json\n${JSON.stringify(items)}\n\`\`\``;
    const result = await generateFaqs(service, "k", [], async () => completion(fenced));
    expect(result).toMatchObject({ ok: true, added: 2 });
  });

  it("reports a non-OK status or a failed call as the generation error", async () => {
    expect(await generateFaqs(service, "k", [], async () => completion("[]", 401))).toEqual({
      ok: false,
      error: GENERATION_ERROR,
    });
    expect(await generateFaqs(service, "k", [], async () => completion("[]", 500))).toEqual({
      ok: false,
      error: GENERATION_ERROR,
    });
    const failing = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await generateFaqs(service, "k", [], failing)).toEqual({ ok: false, error: GENERATION_ERROR });
  });

  it("reports text that is not valid JSON as the parse error", async () => {
    expect(await generateFaqs(service, "k", [], async () => completion("I cannot do that."))).toEqual({
      ok: false,
      error: PARSE_ERROR,
    });
    expect(await generateFaqs(service, "k", [], async () => completion(null))).toEqual({
      ok: false,
      error: PARSE_ERROR,
    });
    expect(await generateFaqs(service, "k", [], async () => new Response("<html>", { status: 200 }))).toEqual(
      { ok: false, error: PARSE_ERROR },
    );
  });
});
