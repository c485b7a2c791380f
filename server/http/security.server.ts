import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { partnerDocuments } from "#content/partners.ts";
import { site } from "#content/site.ts";

/** Origins of the embeds named in the site config (video, events wall, partner documents). */
export function embedOrigins(extra: string[] = []): string[] {
  return embedOriginsOf([
    ...site.embeds.videoOrigins,
    site.embeds.eventsWall.url,
    ...partnerDocuments.map((d) => d.embedUrl),
    ...extra,
  ]);
}

/** The http(s) origins of some URLs; relative URLs are our own origin, already allowed. */
function embedOriginsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const u of urls) {
    try {
      const { origin, protocol } = new URL(u);
      if (protocol === "https:" || protocol === "http:") origins.add(origin);
    } catch {
      // A relative URL is our own origin, already allowed.
    }
  }
  return [...origins];
}

/** Extra origins later steps need (AI endpoint for connect-src, images for img-src). */
export type CspOptions = {
  dev?: boolean;
  connect?: string[];
  frames?: string[];
  images?: string[];
  https?: boolean;
};

/**
 * Security headers for every response. Scripts run only from our origin or with this request's
 * nonce (React Router's hydration scripts carry it); no 'unsafe-inline' for scripts.
 */
export function securityHeaders(options: CspOptions = {}): RequestHandler[] {
  const frames = embedOrigins(options.frames);
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  const nonceSource = (_req: unknown, res: unknown) =>
    `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  const scriptSrc = [
    "'self'",
    nonceSource,
    ...embedOriginsOf(site.embeds.adScript ? [site.embeds.adScript] : []),
  ];
  // Vite's dev server injects inline and eval'd scripts for hot reloading; production never does.
  if (options.dev) scriptSrc.push("'unsafe-inline'", "'unsafe-eval'");
  const connectSrc = ["'self'", ...(options.connect ?? [])];
  if (options.dev) connectSrc.push("ws:", "wss:");
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: options.dev ? scriptSrc.filter((s) => typeof s === "string") : scriptSrc,
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...frames, ...(options.images ?? [])],
        fontSrc: ["'self'"],
        connectSrc,
        mediaSrc: ["'self'"],
        frameSrc: ["'self'", ...frames],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xContentTypeOptions: true,
    xFrameOptions: { action: "sameorigin" },
    // Cross-origin isolation headers would block the embeds and publisher images we show.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    strictTransportSecurity: options.https ? { maxAge: 15552000 } : false,
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader(
      "Permissions-Policy",
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=(), autoplay=(self), fullscreen=(self "https://www.youtube-nocookie.com")',
    );
    next();
  };
  return [nonce, headers, permissions];
}
