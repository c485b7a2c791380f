import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  assertPublicHost,
  isPublicAddress,
  PrivateAddressError,
  publicOnlyDispatcher,
  publicOnlyLookup,
} from "./public-address.server.ts";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, shared, reserved and multicast addresses", () => {
    for (const a of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "[::1]",
      "fd00::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it("accepts public addresses", () => {
    for (const a of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:93.184.216.34"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});

describe("assertPublicHost", () => {
  it("refuses IP literals that are not public and localhost names; names are left to the lookup", () => {
    for (const u of [
      "http://127.0.0.1/a",
      "http://[::1]/a",
      "http://2130706433/a",
      "http://0x7f.1/a",
      "http://localhost/a",
      "http://a.localhost/a",
    ]) {
      expect(() => assertPublicHost(new URL(u)), u).toThrow(PrivateAddressError);
    }
    expect(() => assertPublicHost(new URL("https://8.8.8.8/a"))).not.toThrow();
    expect(() => assertPublicHost(new URL("https://images.publisher.example/a.jpg"))).not.toThrow();
  });
});

describe("publicOnlyLookup and publicOnlyDispatcher", () => {
  it("a name that resolves to loopback is refused when the connection is made", async () => {
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup("localhost", {}, (err) => resolve(err)),
    );
    expect(error).toBeInstanceOf(PrivateAddressError);

    const server = createServer((_req, res) => res.end("secret"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const port = (server.address() as AddressInfo).port;
      const failure = await fetch(`http://localhost:${port}/`, {
        dispatcher: publicOnlyDispatcher(),
      } as RequestInit).catch((e: Error) => e);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).cause).toBeInstanceOf(PrivateAddressError);
    } finally {
      server.close();
    }
  });
});
