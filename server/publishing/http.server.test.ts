import { describe, expect, it } from "vitest";
import { CACHE } from "#server/http/cache-policies.server.ts";
import { etagOf, isNotModified, servedSince, textFileResponse } from "./http.server.ts";

const OPTIONS = { contentType: "text/plain; charset=utf-8", cacheControl: CACHE.textFiles };
const get = (headers: Record<string, string> = {}) => new Request("http://x.example/f", { headers });

describe("textFileResponse", () => {
  it("200 with the body, type, cache policy, ETag and Last-Modified", async () => {
    const now = new Date("2026-11-21T12:00:00.500Z");
    const res = textFileResponse(get(), "hello", { ...OPTIONS, key: "t1", now });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("hello");
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("etag")).toBe(etagOf("hello"));
    expect(res.headers.get("last-modified")).toBe("Sat, 21 Nov 2026 12:00:00 GMT");
  });

  it("304 without a body for a matching If-None-Match (weak or in a list) or a current If-Modified-Since", async () => {
    const first = textFileResponse(get(), "body", { ...OPTIONS, key: "t2" });
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    const variants: Array<Record<string, string>> = [
      { "if-none-match": etag },
      { "if-none-match": `"other", W/${etag}` },
      { "if-none-match": "*" },
      { "if-modified-since": lastModified },
    ];
    for (const headers of variants) {
      const res = textFileResponse(get(headers), "body", { ...OPTIONS, key: "t2" });
      expect(res.status, JSON.stringify(headers)).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(etag);
    }
  });

  it("200 when the body changed, even with an old date (If-None-Match wins over If-Modified-Since)", () => {
    const first = textFileResponse(get(), "v1", { ...OPTIONS, key: "t3" });
    const res = textFileResponse(
      get({
        "if-none-match": first.headers.get("etag") ?? "",
        "if-modified-since": "Fri, 01 Jan 2100 00:00:00 GMT",
      }),
      "v2",
      { ...OPTIONS, key: "t3" },
    );
    expect(res.status).toBe(200);
  });
});

describe("servedSince", () => {
  it("keeps the time the bytes were first served, and moves it when they change", () => {
    const a = servedSince("doc", '"a"', new Date("2026-01-01T00:00:00Z"));
    expect(servedSince("doc", '"a"', new Date("2026-01-02T00:00:00Z"))).toEqual(a);
    expect(servedSince("doc", '"b"', new Date("2026-01-03T00:00:00Z")).toISOString()).toBe(
      "2026-01-03T00:00:00.000Z",
    );
  });
});

describe("isNotModified", () => {
  it("an If-Modified-Since older than the change is not current; a POST never is", () => {
    const changed = new Date("2026-11-21T12:00:00Z");
    expect(isNotModified(get({ "if-modified-since": "Sat, 21 Nov 2026 11:59:59 GMT" }), '"e"', changed)).toBe(
      false,
    );
    expect(isNotModified(get({ "if-modified-since": "not a date" }), '"e"', changed)).toBe(false);
    expect(
      isNotModified(
        new Request("http://x.example/", { method: "POST", headers: { "if-none-match": '"e"' } }),
        '"e"',
      ),
    ).toBe(false);
  });
});
