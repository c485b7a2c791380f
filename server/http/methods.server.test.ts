import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseConnect, refuseUnsupportedMethods } from "./methods.server.ts";

let server: Server;
let port: number;
const reached: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(refuseUnsupportedMethods);
  // Stands in for the framework, which cannot build a Request for TRACE and fails.
  app.use((req, res) => {
    reached.push(req.method);
    new Request("http://x/", { method: req.method });
    res.send("page");
  });
  server = createServer(app);
  refuseConnect(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => server.close());

function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (c: string) => {
      answer += c;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
    socket.write(text);
  });
}

describe("unsupported methods", () => {
  it("answers TRACE, PROPFIND and the like with 405 and Allow, before any route", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE"]) {
      const answer = await raw(`${method} / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer, method).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i);
    }
    expect(reached).toEqual([]);
  });

  it("answers CONNECT with 405 too", async () => {
    const answer = await raw("CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
  });

  it("lets the methods the routes answer through", async () => {
    const answer = await raw("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(reached).toEqual(["GET"]);
  });
});
