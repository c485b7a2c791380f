import { describe, expect, it } from "vitest";
import { createHostMap, hostName } from "./hosts.ts";

describe("host map", () => {
  const map = createHostMap([
    [["ledger.example", "www.ledger.example"], "ledger"],
    [["*.network.example"], "network"],
    [["*.south.network.example", "south.example"], "south"],
  ]);

  it("finds an exact host whatever its case, port or trailing dot", () => {
    expect(map.resolve("ledger.example")).toBe("ledger");
    expect(map.resolve("WWW.Ledger.Example:8080")).toBe("ledger");
    expect(map.resolve("ledger.example.")).toBe("ledger");
  });

  it("serves every name below a wildcard, the longest wildcard first", () => {
    expect(map.resolve("a.network.example")).toBe("network");
    expect(map.resolve("x.y.network.example")).toBe("network");
    expect(map.resolve("a.south.network.example:3000")).toBe("south");
    expect(map.resolve("south.network.example")).toBe("network");
  });

  it("names nothing for a host no publication has, nor for the wildcard's own domain", () => {
    expect(map.resolve("network.example")).toBeUndefined();
    expect(map.resolve("evil-ledger.example")).toBeUndefined();
    expect(map.resolve("ledger.example.evil")).toBeUndefined();
    expect(map.resolve(undefined)).toBeUndefined();
    expect(map.resolve("")).toBeUndefined();
  });

  it("reads IPv6 and port forms of a Host header", () => {
    expect(hostName("[::1]:3000")).toBe("[::1]");
    expect(hostName("LocalHost:3000")).toBe("localhost");
    expect(hostName("a.localhost")).toBe("a.localhost");
  });
});
