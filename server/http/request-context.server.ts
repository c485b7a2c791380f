import { createContext } from "react-router";
import type { Services } from "./services.server.ts";

/** The per-request CSP nonce, set by the Express app and read by entry.server. */
export const nonceContext = createContext<string>("");

/** The server's long-lived services (store, feed engine, config), for loaders and actions. */
export const servicesContext = createContext<Services>();
