import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { nonceContext } from "#server/http/request-context.server.ts";
import { logger } from "#server/logger.server.ts";

// Above the pages' cold-load deadline (COLD_LOAD_DEADLINE_MS), so streamed data always arrives.
export const streamTimeout = 10_000;

/**
 * Logs what went wrong on our side. A reader's bad request (a method a page does not take, a
 * post to a page without a form) and a reader who left are not our errors: no stack in the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error }, "page or data request failed");
};

/**
 * React Router's default Node entry plus the CSP nonce: the inline scripts React writes (streamed
 * Suspense chunks swapped into place) carry this request's nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext) || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let sent = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete page in one go; people get the shell first, then what a cold
    // store is still waiting for, streamed. (No page data is encoded for a browser router any
    // more, so a warm page's shell is already complete.)
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React outlines a finished <Suspense> boundary bigger than 12.8 KB: it sends the fallback
        // in place and the content at the end of the document, swapped in by an inline script. The
        // home page's headlines are bigger, so a phone painted the skeletons first and the
        // headlines (the largest paint) only after that script ran. Finished content goes in place;
        // boundaries still waiting for data stream as before.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
          if (readyOption === "onShellReady") send();
        },
        onAllReady() {
          send();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "page failed while streaming");
        },
      },
    );

    function send() {
      if (sent) return;
      sent = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          callback();
        },
      });
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
    }
  });
}
