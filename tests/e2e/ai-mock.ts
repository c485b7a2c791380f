/**
 * A local stand-in for the AI FAQ service (a chat-completions endpoint), for the e2e tests:
 * `AI_MOCK_PORT=4318 node tests/e2e/ai-mock.ts`. The bearer key picks the behaviour, so tests running
 * in parallel never share state:
 *   ok-*            200 with a JSON array of FAQs (one repeats a seeded question, one has an unknown category)
 *   fenced-*        200 with the array inside a ```json fenced block, with prose around it
 *   invalid-*       200 with text that is not JSON
 *   unauthorized-*  401
 *   drop-*          the connection is cut (a network failure)
 * GET /__requests?key=K returns what the service received with key K (method, path, headers, body).
 */
import { createServer, type IncomingMessage } from "node:http";
import { MOCK_FAQS } from "./ai-mock-data.ts";

type Recorded = { method: string; path: string; headers: IncomingMessage["headers"]; body: string };

const port = Number(process.env.AI_MOCK_PORT ?? 4318);
const received = new Map<string, Recorded[]>();

function cors(origin: string | undefined): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin ?? "*",
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": "authorization, content-type, accept",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
}

function completion(content: string) {
  return JSON.stringify({
    id: "mock-1",
    model: "mock",
    object: "chat.completion",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
  });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
  const headers = cors(req.headers.origin);
  if (req.method === "GET" && url.pathname === "/healthz") {
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    return;
  }
  if (req.method === "GET" && url.pathname === "/__requests") {
    const list = received.get(url.searchParams.get("key") ?? "") ?? [];
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
    return;
  }
  if (req.method === "OPTIONS") {
    res.writeHead(204, headers).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    received.set(key, [
      ...(received.get(key) ?? []),
      { method: req.method ?? "", path: url.pathname, headers: req.headers, body },
    ]);
    const json = { ...headers, "content-type": "application/json" };
    const array = JSON.stringify(MOCK_FAQS, null, 2);
    if (key.startsWith("drop-")) {
      req.socket.destroy();
    } else if (key.startsWith("unauthorized-")) {
      res.writeHead(401, json).end(JSON.stringify({ error: { message: "Invalid API key", code: 401 } }));
    } else if (key.startsWith("invalid-")) {
      res.writeHead(200, json).end(completion("I'm sorry, I can't share those FAQs right now."));
    } else if (key.startsWith("fenced-")) {
      res
        .writeHead(200, json)
        .end(completion(`Here are the FAQs you asked for:\n\n\`\`\`json\n${array}\n\`\`\`\n`));
    } else if (key.startsWith("ok-")) {
      res.writeHead(200, json).end(completion(array));
    } else {
      res.writeHead(401, json).end(JSON.stringify({ error: { message: "Unknown key", code: 401 } }));
    }
  });
});

server.listen(port, "127.0.0.1", () => console.log(`AI mock on http://127.0.0.1:${port}`));
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
