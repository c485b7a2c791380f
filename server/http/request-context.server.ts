import { createContext } from "react-router";
import type { NewsReader } from "#server/news/reader.server.ts";
import type { ServedPublication } from "#server/publications/request.server.ts";
import type { Services } from "./services.server.ts";

/** The per-request CSP nonce, set by the Express app and read by entry.server. */
export const nonceContext = createContext<string>("");

/** The server's long-lived services (store, feed engine, config), for loaders and actions. */
export const servicesContext = createContext<Services>();

/**
 * The publication this request's host names (server/publications/), with the reader of its own
 * feed list: every page reads the news, the identity and the address through it, never another's.
 */
export const publicationContext = createContext<ServedPublication & { news: NewsReader }>();
