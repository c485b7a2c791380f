import { createContext } from "react-router";

/** The per-request CSP nonce, set by the Express app and read by entry.server. */
export const nonceContext = createContext<string>("");
