import type { APIRequestContext } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

/** One of each kind of page: the home page, a section, the events wall, search, the tools, a post. */
const PAGE_TYPES = [
  "/",
  "/technology",
  "/events",
  "/search?q=electric",
  "/faq",
  "/contact",
  "/radio",
  "/books",
  "/blog",
  "/about",
  "/privacy",
  "/terms",
  "/partners",
  "/rss-manager",
  "/sitemap-manager",
];

async function firstPostPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/blog")).text();
  const slug = /href="(\/blog\/[\w-]+)"/.exec(html)?.[1];
  expect(slug).toBeTruthy();
  return slug as string;
}

test.describe("security headers", () => {
  test("every page type carries a nonce-based CSP and the other headers", async ({ request }) => {
    const paths = [...PAGE_TYPES, await firstPostPath(request), "/no-such-page", "/_test/error"];
    for (const path of paths) {
      const response = await request.get(path);
      const h = response.headers();
      const csp = h["content-security-policy"] ?? "";
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src ")) ?? "";
      expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["permissions-policy"]).toContain("camera=()");
      expect(h["x-powered-by"]).toBeUndefined();
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      const html = await response.text();
      // Every inline script the framework wrote carries this response's nonce.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? "");
      expect(inline.length).toBeGreaterThan(0);
      for (const attrs of inline) {
        if (attrs.includes('type="application/ld+json"')) continue;
        expect(attrs).toContain(`nonce="${nonce}"`);
      }
    }
  });

  test("files and APIs are not sniffed and carry the policy too", async ({ request }) => {
    for (const path of [
      "/rss.xml",
      "/sitemap.xml",
      "/news-sitemap.xml",
      "/robots.txt",
      "/llms.txt",
      "/api/articles?section=world",
      "/api/health/feeds",
      "/healthz",
    ]) {
      const h = (await request.get(path)).headers();
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["content-security-policy"], path).toContain("frame-ancestors 'self'");
      expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    }
  });

  test("every page type runs under the policy with no violation in the console", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // The fixture fails the test on any console error, CSP violations included. (The 404 page's
    // own status would be such an error; its headers are checked above.)
    for (const path of [...PAGE_TYPES, await firstPostPath(request)]) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"], path).toMatch(/script-src [^;]*'nonce-/);
      await waitForHydration(page);
      await page.mouse.move(10, 10);
      await page.keyboard.press("Tab");
    }
  });

  test("each response gets a fresh nonce", async ({ request }) => {
    const a = (await request.get("/about")).headers()["content-security-policy"];
    const b = (await request.get("/about")).headers()["content-security-policy"];
    expect(a).not.toBe(b);
  });

  test("every page carries the Speculation Rules and its page script under this response's nonce", async ({
    request,
  }) => {
    for (const path of ["/", "/technology", "/about", "/contact"]) {
      const response = await request.get(path);
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      const html = await response.text();
      const rules = [...html.matchAll(/<script([^>]*\btype="speculationrules"[^>]*)>([^<]*)<\/script>/g)];
      expect(rules, path).toHaveLength(1);
      const [, attrs = "", body = ""] = rules[0] ?? [];
      expect(attrs, path).toContain(`nonce="${nonce}"`);
      // Prerendered on a pointer's rest or press, never the mail links' pages.
      const { prerender } = JSON.parse(body) as { prerender: { eagerness: string }[] };
      expect(prerender[0]?.eagerness).toBe("moderate");
      expect(body).toContain("/newsletter/*");
      // The page script is imported by an inline starter (ADR 0015), which needs the nonce to run.
      const starter = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].filter(([, , body]) =>
        /"\/assets\/page-[\w-]+\.js"/.test(body ?? ""),
      );
      expect(starter, path).toHaveLength(1);
      expect(starter[0]?.[1], path).toContain(`nonce="${nonce}"`);
    }
  });

  test("static files get the headers too, hashed assets are immutable", async ({ request, page }) => {
    const favicon = await request.get("/favicon.svg");
    expect(favicon.headers()["content-security-policy"]).toContain("default-src 'self'");
    expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
    await page.goto("/about");
    const asset = await page.locator("script[type=module][src^='/assets/'], link[href^='/assets/']").first();
    const href = (await asset.getAttribute("src")) ?? (await asset.getAttribute("href"));
    const res = await request.get(href ?? "");
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("health check answers", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });
});

test.describe("search engines and sharing", () => {
  test("pages have title, description, canonical, Open Graph, JSON-LD and the RSS link", async ({ page }) => {
    await page.goto("/about?utm_source=x");
    await expect(page).toHaveTitle(/About .*\| The Electric Ledger/);
    const base = new URL(page.url()).origin;
    await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", `${base}/about`);
    await expect(page.locator("meta[name=description]")).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator("meta[property='og:image']")).toHaveAttribute(
      "content",
      `${base}/images/social-default.png`,
    );
    await expect(page.locator("meta[property='og:image:width']")).toHaveAttribute("content", "1200");
    await expect(page.locator("meta[property='og:image:height']")).toHaveAttribute("content", "630");
    await expect(page.locator("meta[name='twitter:card']")).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator("link[rel=alternate][type='application/rss+xml']")).toHaveAttribute(
      "href",
      "/rss.xml",
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const ld = JSON.parse((await page.locator("script[type='application/ld+json']").textContent()) ?? "{}");
    const types = ld["@graph"].map((n: { "@type": string }) => n["@type"]);
    expect(types).toEqual(["NewsMediaOrganization", "WebSite"]);
    expect(ld["@graph"][1].potentialAction.target.urlTemplate).toBe(`${base}/search?q={search_term_string}`);
  });

  test("the social image is 1200x630", async ({ request }) => {
    const res = await request.get("/images/social-default.png");
    expect(res.status()).toBe(200);
    const buf = await res.body();
    expect(buf.readUInt32BE(16)).toBe(1200);
    expect(buf.readUInt32BE(20)).toBe(630);
  });
});

test.describe("forms behind a proxy", () => {
  test("a post from another site gets a readable page; one from SITE_URL through a proxy is accepted", async ({
    request,
    baseURL,
  }) => {
    const refused = await request.post("/?index", {
      form: { intent: "newsletter", email: "x@example.com" },
      headers: { origin: "https://evil.example" },
    });
    expect(refused.status()).toBe(400);
    expect(refused.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await refused.text()).toContain("Your form was not sent");

    // A TLS proxy whose headers we do not trust: the request reaches us for another host name,
    // the reader's browser names our public address (SITE_URL, here the test server's).
    const proxied = await request.post("/?index", {
      form: { intent: "newsletter", email: `proxied-${Date.now()}@example.com` },
      headers: { origin: new URL(baseURL ?? "").origin, host: "app.internal:3000" },
    });
    expect(proxied.status()).toBe(200);
    expect(await proxied.text()).toContain("a link to confirm");
  });
});
