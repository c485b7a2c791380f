/**
 * The bad input sweep: very long and odd URLs, unknown query parameters, malformed form posts and
 * bytes that are not UTF-8. Whatever arrives, the answer is never a 500 and never shows a stack
 * trace or a server path. Server behaviour, so checked once, at the wide size.
 */
import { connect } from "node:net";
import { expect, test } from "./fixtures.ts";

test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 1024,
  "server behaviour: checked once, at the wide size",
);

const PORT = Number(process.env.E2E_PORT ?? 4317);

/** Signs of an internal error leaking out: stack frames, file paths, exception names. */
const LEAK =
  /\n\s+at [\w.<>]+ \(|node:internal|file:\/\/|\/work\/|\/home\/|\bSqliteError\b|\bTypeError\b|\bReferenceError\b|Unexpected Application Error/;

function expectSafe(what: string, status: number, body: string) {
  expect(status, what).toBeLessThan(500);
  expect(body, what).not.toMatch(LEAK);
}

/** Sends raw bytes (which fetch would refuse or re-encode) and returns the status and body. */
function raw(request: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(PORT, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error("no answer within 15 s")));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
    // Not end(): a half-closed socket may be dropped before the answer is written.
    socket.write(request);
  });
}

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

const PAGES = [
  "/",
  "/technology",
  "/events",
  "/search",
  "/faq",
  "/contact",
  "/radio",
  "/books",
  "/blog",
  "/about",
];

test.describe("bad input sweep", () => {
  test("very long, odd and hostile URLs", async () => {
    const urls = [
      `/${"a".repeat(8000)}`,
      `/technology/${"deep/".repeat(400)}`,
      `/search?q=${"x".repeat(12_000)}`,
      `/search?q=${"%F0%9F%94%8B".repeat(800)}`,
      "/%",
      "/%zz",
      "/%E0%A4%A",
      "/%00",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/..%2f..%2fetc%2fpasswd",
      "/blog/..%2f..%2fpackage.json",
      "/blog/%ff%fe",
      "/blog/%00",
      `/blog/${"x".repeat(3000)}`,
      "//evil.example/",
      "/\\evil.example",
      "/technology.data",
      "/technology.data?_routes=%ff",
      "/.data",
      "/_root.data",
      "/__manifest?p=%ff&version=x",
      "/__manifest?paths=/a,/b&version=0",
      "/search?q=%ff%fe",
      "/search?q[]=a&q[]=b",
      "/search?q=%3Cscript%3Ealert(1)%3C/script%3E",
      "/search?q=%22%27)%20OR%201%3D1--",
      "/search?q=NEAR(a%20b)%20AND%20*%20%22",
      "/faq?category=%3Cscript%3E&q=%ff",
      "/api/articles",
      "/api/articles?section=world&limit=abc",
      "/api/articles?section=world&limit=1e9",
      "/api/articles?section=world&limit=-1",
      "/api/articles?section[]=world",
      "/api/articles?section=__proto__",
      "/api/articles?section=constructor&limit=2",
      "/img",
      "/img?u=javascript:alert(1)",
      "/img?u=http://169.254.169.254/latest/meta-data/",
      "/img?u=file:///etc/passwd",
      `/img?u=${"h".repeat(5000)}`,
      "/img?u[]=a",
      "/api/stream?port=abc",
      "/api/stream?port=99999",
      "/api/stream?port[]=8000",
      "/rss.xml?%",
      "/sitemap.xml?x=%ff",
      "/rss-manager?x=%3Csvg%20onload%3Dalert(1)%3E",
      "/.env",
      "/.git/config",
      "/server.ts",
      "/assets/../server.ts",
      "/assets/%2e%2e/package.json",
      "/assets/no-such-file.js",
      "/favicon.svg/..%2f..%2fpackage.json",
    ];
    for (const url of urls) {
      // Sent byte for byte: an HTTP client would normalise "//x" or "/%2e%2e/" before sending.
      const { status, body } = await raw(
        bytes(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
      );
      expect(status, url).toBeGreaterThan(0);
      expectSafe(url, status, body);
    }
  });

  test("unknown query parameters are ignored on every page", async ({ request }) => {
    const junk =
      "utm_source=x&fbclid=1&__proto__[a]=1&constructor=2&index&_data=root&page=-1&limit=99999&%ff=%fe";
    for (const page of PAGES) {
      const res = await request.get(`${page}?${junk}`);
      expect(res.status(), page).toBe(200);
      expectSafe(page, res.status(), await res.text());
    }
  });

  test("unexpected methods get a plain refusal", async ({ request }) => {
    for (const page of ["/", "/about", "/technology", "/blog", "/rss.xml", "/api/articles?section=world"]) {
      for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
        const res = await request.fetch(page, { method, data: "x" });
        expectSafe(`${method} ${page}`, res.status(), await res.text());
      }
      const res = await request.post(page, { form: { a: "b" } });
      expectSafe(`POST ${page}`, res.status(), await res.text());
    }
    // Methods no route takes (TRACE used to fail inside the framework as a 500) and CONNECT.
    for (const line of ["TRACE / HTTP/1.1", "TRACE /technology HTTP/1.1", "PROPFIND / HTTP/1.1"]) {
      const res = await raw(bytes(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
      expect(res.status, line).toBe(405);
      expectSafe(line, res.status, res.body);
    }
    const tunnel = await raw(bytes("CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n"));
    expect(tunnel.status).toBe(405);
    // A page without a form says so in words, not as an application error.
    const post = await request.post("/about", { form: { a: "b" } });
    expect(post.status()).toBe(405);
    expect(await post.text()).toContain("This page cannot answer that request");
  });

  test("malformed form posts", async ({ request }) => {
    const targets = [
      "/contact",
      "/?index",
      "/rss-manager/regenerate",
      "/sitemap-manager",
      "/contact.data",
      "/_root.data",
    ];
    const bodies: Array<{ label: string; headers: Record<string, string>; data: string | Buffer }> = [
      { label: "empty", headers: { "content-type": "application/x-www-form-urlencoded" }, data: "" },
      { label: "json to a form", headers: { "content-type": "application/json" }, data: '{"name": ' },
      {
        label: "bad multipart",
        headers: { "content-type": "multipart/form-data; boundary=zzz" },
        data: "--zzz\r\nbroken",
      },
      { label: "multipart without boundary", headers: { "content-type": "multipart/form-data" }, data: "x" },
      { label: "unknown type", headers: { "content-type": "application/x-unknown" }, data: "\u0000\u0001" },
      {
        label: "percent soup",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: "name=%&email=%zz&subject=%E0%A4%A&message=%ff%fe&category=%00",
      },
      {
        label: "repeated and unknown fields",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: "name=a&name=b&email=a@b.co&email=c@d.co&intent=delete&__proto__=x&subject=s&message=m",
      },
      {
        label: "huge field",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: `name=Ada&email=ada%40example.com&subject=Hi&message=${"m".repeat(2_000_000)}`,
      },
      {
        label: "latin-1 bytes",
        headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
        data: Buffer.from([
          ...Buffer.from("name="),
          0xff,
          0xfe,
          ...Buffer.from("&email=x%40y.z&subject=s&message="),
          0xe9,
        ]),
      },
    ];
    for (const target of targets) {
      for (const body of bodies) {
        const res = await request.post(target, { headers: body.headers, data: body.data, maxRedirects: 0 });
        expectSafe(`${body.label} → ${target}`, res.status(), await res.text());
      }
    }
  });

  test("bytes that are not UTF-8 in the request line, headers and body", async () => {
    const requests = [
      bytes(
        "GET /search?q=",
        [0xff, 0xfe, 0xe9],
        " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
      ),
      bytes("GET /", [0xc3, 0x28], " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
      bytes("GET /blog/", [0xe2, 0x82], " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
      bytes("GET /about HTTP/1.1\r\nHost: ", [0xff], "\r\nConnection: close\r\n\r\n"),
      bytes(
        "GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=",
        [0xff, 0xfe],
        "\r\nReferer: http://x/",
        [0xe9],
        "\r\nAccept-Language: ",
        [0xc0, 0xaf],
        "\r\nUser-Agent: ",
        [0xfe],
        "\r\nConnection: close\r\n\r\n",
      ),
      bytes(
        "GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ",
        [0xff],
        "\r\nConnection: close\r\n\r\n",
      ),
      bytes(
        "GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: ",
        [0xff],
        "\r\nConnection: close\r\n\r\n",
      ),
      (() => {
        const body = bytes(
          "name=",
          [0xff, 0xfe, 0xfd],
          "&email=a%40b.co&subject=",
          [0xc3, 0x28],
          "&message=",
          [0xe9],
        );
        return bytes(
          `POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded; charset=latin1\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          [...body],
        );
      })(),
      bytes(
        "GET /technology HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      ),
      bytes("GARBAGE\r\n\r\n"),
      bytes("GET ", "/x".repeat(20_000), " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
    ];
    for (const [i, request] of requests.entries()) {
      const { status, body } = await raw(request);
      // 0: the server closed a connection it could not parse, which is a fine answer to garbage.
      expect(status === 0 || status < 500, `request ${i}: ${status}`).toBe(true);
      expect(body, `request ${i}`).not.toMatch(LEAK);
    }
    // And the server is still there.
    const after = await raw(bytes("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"));
    expect(after.status).toBe(200);
  });
});
