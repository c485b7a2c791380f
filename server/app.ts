import { STATUS_CODES } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { aiService } from "#content/site.ts";
import { SECTIONS } from "#domain/sections.ts";
import type { Config } from "./config.server.ts";
import { contactLimiter } from "./forms/contact.server.ts";
import { newsletterLimiter } from "./forms/newsletter.server.ts";
import { oneClickUnsubscribe } from "./forms/one-click-unsubscribe.server.ts";
import { clientAddressContext, startRateLimitPruning } from "./forms/rate-limit.server.ts";
import { searchLimiter } from "./forms/search-limit.server.ts";
import { CACHE } from "./http/cache-policies.server.ts";
import { checkFormOrigin, trustProxySetting } from "./http/forwarded.server.ts";
import { healthDetailsAccess, readinessCheck, withoutToken } from "./http/health.server.ts";
import { createImageProxy, refuseRelayedRequests } from "./http/images.server.ts";
import { refuseUnsupportedMethods } from "./http/methods.server.ts";
import { createPageCache } from "./http/page-cache.server.ts";
import { limitRequestBodies } from "./http/request-body-limit.server.ts";
import { nonceContext, publicationContext, servicesContext } from "./http/request-context.server.ts";
import { securityHeaders } from "./http/security.server.ts";
import type { Services } from "./http/services.server.ts";
import { logger } from "./logger.server.ts";
import { createMailService } from "./mail/mail.server.ts";
import { createFeedsApi } from "./news/api.server.ts";
import { createFeedEngine, feedEngineSettings } from "./news/engine.server.ts";
import { warnSectionsWithoutFeeds } from "./news/news-pages.server.ts";
import { mailPublications } from "./publications/mail-publications.server.ts";
import { createPublications } from "./publications/registry.server.ts";
import { resolvePublication, type ServedPublication } from "./publications/request.server.ts";
import { feedResourcesCrossOrigin } from "./publishing/feed-resources.server.ts";
import { postLibrary, publishedPosts } from "./publishing/posts.server.ts";
import { createRadioStatus } from "./radio/status.server.ts";
import { createRadioRouter } from "./radio/stream.server.ts";
import { openServerStore, serverStoreReady, storeLocationFrom } from "./store/open.server.ts";

export type AppOptions = {
  config: Config;
  /** Built browser assets (production); absent in development, where Vite serves them. */
  clientDir?: string;
  vite?: ViteDevServer;
  /** Start the background feed refresh (default); benchmarks and tools may not want it. */
  startFeeds?: boolean;
  /** Start sending mail and the edition schedule (default). */
  startMail?: boolean;
};

/**
 * The whole HTTP application: headers, logging, compression, static files, APIs and the React
 * Router pages. It is the SSR bundle's entry, so production runs one module graph.
 */
export function createApp({ config, clientDir, vite, startFeeds = true, startMail = true }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Per-client limits count the client's address, which behind a proxy is in X-Forwarded-For:
  // the right-most address our proxy added, never one the client wrote (see forwarded.server.ts).
  const trustProxy = trustProxySetting(config.TRUST_PROXY);
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);

  app.use(
    pinoHttp({
      logger,
      autoLogging: {
        ignore: (req) => Boolean(req.url?.startsWith("/assets/")) || pageCache.ownRequest(req.headers),
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: withoutToken(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        // pino-http invents an Error with a stack for every 5xx; the status says it all. Real
        // errors are logged where they happen, with their own stack.
        err: (err: Error) =>
          err.message.startsWith("failed with status code") ? undefined : pino.stdSerializers.err(err),
      },
    }),
  );
  app.use(refuseUnsupportedMethods);
  // The image relay never fetches from us, by any of our names (a loop would open a radio stream).
  app.use(refuseRelayedRequests);
  // An ingest process polls feeds and answers only its health checks (the web processes serve pages).
  if (config.ROLE === "ingest") {
    app.use((req, res, next) =>
      req.path === "/healthz" || req.path === "/readyz"
        ? next()
        : void res.status(404).type("text/plain").send("This process only polls feeds (ROLE=ingest)."),
    );
  }
  // The network's publications (PUBLICATIONS_DIR), or the bundled site on every host.
  const publications = createPublications({
    dir: config.PUBLICATIONS_DIR,
    defaultSlug: config.DEFAULT_PUBLICATION,
    feedsConfig: config.FEEDS_CONFIG,
    log: logger,
  });
  const feedLists = () =>
    new Map([...publications.current().bySlug].map(([slug, p]) => [slug, p.feeds] as const));
  // Opened once per process; loaders and actions reach it through servicesContext.
  const storeLocation = storeLocationFrom(config);
  const opened = openServerStore(storeLocation, logger);
  const { store } = opened;
  // server.ts waits for this before it listens: a PostgreSQL that cannot be used stops it with one line.
  app.locals.ready = serverStoreReady(store, storeLocation);
  (app.locals.ready as Promise<void>).catch(() => {});
  // Rendered home and section pages; a refresh batch marks stale only the sections it changed.
  const pageCache = createPageCache({
    paths: new Set(["/", ...SECTIONS.map((s) => `/${s.key}`)]),
    // Section pages read ?page= (older headlines); everything else in a query is ignored.
    params: Object.fromEntries(SECTIONS.map((s) => [`/${s.key}`, ["page"]])),
    ttlMs: config.PAGE_CACHE_SECONDS * 1000,
    // One publication's pages are never another's: the key starts with the host's publication.
    scope: (_req, res) => (res.locals.served as ServedPublication | undefined)?.publication.slug ?? "",
    // Bounded: every ?page= is an entry of its own (see page-cache.server.ts).
    ...(config.PAGE_CACHE_MB ? { maxBytes: config.PAGE_CACHE_MB * 1024 * 1024 } : {}),
    onMisroute: () =>
      logger.warn(
        "stale pages are rendered for their readers again: a background render of this server's own reached another publication (TRUST_PROXY trusts the proxy but not this server's own address?)",
      ),
  });
  const pagesOf = (sections: readonly string[]) => ["/", ...sections.map((s) => `/${s}`)];
  // On PostgreSQL a change written by any process reaches every process's page cache (NOTIFY).
  const pageChanges = opened.listenForPageChanges({
    // Unknown changes (the listener was away): every page stale, each still there for stale-if-error.
    onChange: (sections) => (sections ? pageCache.invalidate(pagesOf(sections)) : pageCache.invalidateAll()),
    onError: (error) => logger.warn({ err: error.message }, "page change listener dropped; listening again"),
  });
  // Pages only ever read the store: fetching, parsing and writing run in the ingest worker. On a
  // store with a job queue (PostgreSQL) the processes share the polling; ROLE=web never polls.
  const feeds = createFeedEngine({
    // The feed list and settings of this app's config (not the process environment's).
    ...feedEngineSettings(config),
    ...(publications.fromDir ? { lists: feedLists(), keep: publications.current().refused } : {}),
    store: opened,
    ingest: config.FEEDS_INGEST,
    ingestNice: config.INGEST_NICE,
    polling: config.ROLE === "web" ? "off" : opened.jobQueue ? "shared" : "local",
    onStoreChange: (sections) => {
      pageCache.invalidate(pagesOf(sections));
      pageChanges
        ?.publish(sections)
        .catch((error) => logger.warn({ err: error.message }, "could not tell other processes of a change"));
    },
  });
  const radio = createRadioStatus({
    streamUrl: config.RADIO_STREAM_URL,
    allowedPorts: config.RADIO_ALLOWED_PORTS,
  });
  // Every database-counted limit is registered for pruning now, not at its first use: a restarted
  // process would otherwise never prune the events of a form nobody has used since.
  const limitStore = { rateLimits: store.rateLimits, shared: opened.shared };
  const limiters = {
    contact: contactLimiter(config, limitStore),
    newsletter: newsletterLimiter(config, limitStore),
    search: searchLimiter(config, limitStore),
  };
  // Confirmations and newsroom notes go out from any process; editions from those that poll feeds.
  const mail = createMailService({
    config,
    store,
    reader: feeds,
    posts: () => publishedPosts(postLibrary().current()),
    // Each publication's mail in its own name, from its own host's links; its own edition.
    publications: mailPublications(publications, feeds, config.SITE_URL),
    editions: config.ROLE !== "web",
    jobQueue: opened.jobQueue,
    log: logger,
  });
  const services: Services = { config, store, limiters, feeds, radio, mail: { kick: mail.kick } };
  // Expired rate-limit counts leave in small batches, in the background, never on a request.
  const ratePruning = startRateLimitPruning(store.rateLimits);
  warnSectionsWithoutFeeds(feeds.sections());
  // A new, changed or removed publication folder takes effect within PUBLICATIONS_RELOAD_SECONDS
  // (at once on SIGHUP: app.locals.reloadPublications); its pages are rendered anew.
  publications.onChange((now, before) => {
    const changed = new Set<string>();
    for (const [slug, p] of before.bySlug) if (now.bySlug.get(slug) !== p) changed.add(slug);
    for (const slug of now.bySlug.keys()) if (!before.bySlug.has(slug)) changed.add(slug);
    pageCache.dropScopes(changed);
    feeds
      .setLists(feedLists(), now.refused)
      .catch((error) => logger.error({ err: String(error) }, "publications' feed lists not applied"));
  });
  const watching = publications.fromDir
    ? publications.watch(config.PUBLICATIONS_RELOAD_SECONDS * 1000)
    : undefined;
  app.locals.reloadPublications = () =>
    publications.reload().catch((error) => logger.warn({ err: String(error) }, "publications not reloaded"));
  if (startFeeds) feeds.start();
  if (startMail) mail.start();
  app.locals.close = async () => {
    watching?.stop();
    await mail.stop();
    await ratePruning.stop();
    await feeds.stop();
    await pageChanges?.close();
    await store.close();
  };
  app.use(
    securityHeaders({
      dev: Boolean(vite),
      https: config.SITE_URL.startsWith("https:"),
      // /faq's browser calls the AI service directly (the reader's own key).
      connect: [new URL(aiService(config).endpoint).origin],
    }),
  );
  app.use(feedResourcesCrossOrigin);
  app.use(limitRequestBodies());
  // Host → publication for everything but the health checks, which answer on every host; a host
  // that names no publication gets a plain 404.
  const onePublication = resolvePublication(publications, config.SITE_URL);
  const isHealth = (path: string) =>
    path === "/healthz" || path === "/readyz" || path.startsWith("/api/health/");
  app.use((req, res, next) => (isHealth(req.path) ? next() : onePublication(req, res, next)));
  const servedOf = (res: express.Response) => res.locals.served as ServedPublication;
  // Before the origin check: a mailbox provider's one-click POST comes from its own servers.
  app.use(
    oneClickUnsubscribe((res) => ({
      subscribers: store.publication(servedOf(res).publication.slug).subscribers,
      siteUrl: servedOf(res).siteUrl,
    })),
  );
  app.use(checkFormOrigin((res) => ({ siteUrl: servedOf(res).siteUrl, name: servedOf(res).identity.title })));
  // The radio stream goes out before compression: audio must reach listeners unbuffered.
  app.use(createRadioRouter(config));
  app.use(compression());

  // The reader of the request's publication's own feed list; never another's (the registry hands the
  // engine every list it serves before a request can name one, so a miss is a fault, not a fallback).
  const readerOf = (res: express.Response) => {
    const { slug } = servedOf(res).publication;
    const reader = feeds.reader(slug);
    if (!reader) throw new Error(`no feed list for the publication "${slug}"`);
    return reader;
  };

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", CACHE.none).json({ status: "ok", uptime: Math.round(process.uptime()) });
  });

  // Readiness: whether this process's store answers (a load balancer stops sending readers when not).
  app.get("/readyz", readinessCheck(store));

  app.use("/api/health/feeds", healthDetailsAccess(config.HEALTH_DETAILS));
  app.use(createFeedsApi(feeds, { readerOf }));
  // A publication's own logo (its folder's file), as publication.json names it.
  app.get(/^\/publication-logo\.(svg|png|webp)$/, (req, res, next) => {
    const { publication } = servedOf(res);
    if (!publication.logoFile || publication.identity.logo !== req.path) return next();
    res.set({
      "Cache-Control": "public, max-age=3600",
      // An SVG is a document: nothing in it runs or loads.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.sendFile(publication.logoFile, (error) => error && next());
  });
  if (config.PAGE_CACHE_SECONDS > 0 && !vite) app.use(pageCache.middleware);
  app.use(
    createImageProxy(store.images.isStoredImage, {
      allowPrivate: config.IMAGE_PROXY_ALLOW_PRIVATE === "on",
      siteUrl: config.SITE_URL,
    }),
  );

  if (vite) {
    app.use(vite.middlewares);
  } else if (clientDir) {
    // Hashed file names change with their content, so they can be cached for a year.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  // In development Vite loads react-router for our modules (its development build) while the
  // Express adapter loads it natively; the adapter checks the context with instanceof, so the
  // context must come from the adapter's copy.
  // Posts from our public address (SITE_URL) are ours even when a TLS proxy's headers are not
  // trusted (React Router would compare the Origin with http://<internal host> and refuse).
  const ownHost = new URL(config.SITE_URL).host;
  const withOwnOrigin = (build: unknown): ServerBuild => {
    const b = build as ServerBuild;
    return { ...b, allowedActionOrigins: [...(b.allowedActionOrigins || []), ownHost] };
  };

  let productionBuild: Promise<ServerBuild> | undefined;

  const ContextProvider: typeof RouterContextProvider = vite
    ? (createRequire(import.meta.url)("react-router") as typeof import("react-router")).RouterContextProvider
    : RouterContextProvider;

  app.use(
    createRequestHandler({
      build: vite
        ? async () => withOwnOrigin(await vite.ssrLoadModule("virtual:react-router/server-build"))
        : () => {
            productionBuild ??= import("virtual:react-router/server-build").then(withOwnOrigin);
            return productionBuild;
          },
      mode: vite ? "development" : "production",
      getLoadContext(req, res) {
        const context = new ContextProvider();
        context.set(nonceContext, String(res.locals.cspNonce ?? ""));
        context.set(servicesContext, services);
        const served = res.locals.served as ServedPublication;
        context.set(publicationContext, { ...served, news: readerOf(res) });
        context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? "");
        return context;
      },
    }),
  );

  // Errors from the middleware above (a static file refused or missing, a body that cannot be
  // read): a client's mistake gets its status and a plain word, ours is logged; never a stack.
  app.use((err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(err);
    const e = err as { status?: number; statusCode?: number };
    const status = e.status ?? e.statusCode ?? 500;
    if (status >= 500) logger.error({ err }, "request failed");
    res
      .status(status)
      .type("text/plain; charset=utf-8")
      .send(STATUS_CODES[status] ?? "Error");
  });

  return app;
}
