import { CACHE } from "./cache-policies.server.ts";

/**
 * A form's answer for its script (/api/contact, /api/newsletter): the result as JSON, with the
 * status and headers the page's action gives a plain post, kept by nobody (one reader's result).
 */
export function jsonAnswer(reply: {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}): Response {
  return Response.json(reply.body, {
    status: reply.status,
    headers: { ...reply.headers, "Cache-Control": CACHE.private },
  });
}

/** What a form's API says to a GET (a crawler following a link, say): only POST does anything. */
export function postOnly(what: string): Response {
  return new Response(`Use POST to ${what}.\n`, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.none },
  });
}
