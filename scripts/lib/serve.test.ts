import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./serve.ts";

describe("SERVER_NODE_FLAGS", () => {
  it("are the flags npm start gives the server, so audits measure what readers get", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} server.ts`);
  });
});
