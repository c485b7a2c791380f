import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "start-errors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `node server.ts` with `env` (and no build: a start that got past the checks says so in one line). */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["server.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dir, BUILD_DIR: path.join(dir, "no-build"), ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};

const longUrl = `https://feeds.example/${"a".repeat(2800)}`;
const unknownSections = JSON.stringify(
  Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`section${i}`, ["https://a.example/"]])),
);

describe("server.ts with a bad FEEDS_CONFIG", () => {
  mkdirSync(path.join(dir, "a-directory"), { recursive: true });
  const cases: [string, string, RegExp][] = [
    ["an empty file", file("empty.json", ""), /invalid JSON/],
    ["an array", file("array.json", "[]"), /expected an object .*got an array/],
    ["null", file("null.json", "null"), /expected an object .*got null/],
    ["a wrong shape", file("shape.json", '{"local": {"url": "https://a.example/"}}'), /"local" must be/],
    ["10,000 unknown sections", file("unknown.json", unknownSections), /unknown section key "section0"/],
    ["a directory", path.join(dir, "a-directory"), /is a directory/],
    ["a missing file", path.join(dir, "missing.json"), /cannot read the file \(ENOENT\)/],
    [
      "a URL longer than a database index takes",
      file("long.json", JSON.stringify({ local: ["https://a.example/", longUrl] })),
      /"local" entry 2 is a URL of 2822 characters, longer than the 2048 allowed/,
    ],
  ];

  it.each(cases)("refuses %s in one line naming the file, exit 1", (_what, feeds, message) => {
    const { status, stderr } = start({ FEEDS_CONFIG: feeds });
    expect(status).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Feeds config ${feeds}`);
    expect(lines[0]).toMatch(message);
    expect(lines[0]?.length).toBeLessThan(500);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses the long URL before any store is opened, so PostgreSQL and SQLite alike", () => {
    const feeds = file("long-pg.json", JSON.stringify({ local: [longUrl] }));
    const { status, stderr } = start({
      FEEDS_CONFIG: feeds,
      DATABASE_URL: "postgres://nobody:secret@127.0.0.1:9/none",
    });
    expect(status).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([expect.stringMatching(/longer than the 2048 allowed/)]);
  });

  it("takes a file that starts with a byte order mark (it gets as far as the missing build)", () => {
    const feeds = file("bom.json", `\uFEFF${JSON.stringify({ local: ["https://a.example/"] })}`);
    const { status, stderr } = start({ FEEDS_CONFIG: feeds });
    expect(status).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([expect.stringMatching(/^No production build at .*no-build/)]);
  });

  it("names a bad variable in one line", () => {
    const { status, stderr } = start({ PORT: "http" });
    expect(status).toBe(1);
    expect(stderr.trim().split("\n")).toEqual(['Invalid configuration: PORT must be a number (got "http")']);
  });

  it("names a bad SMTP_URL in one line, without its password", () => {
    const { status, stderr } = start({ SMTP_URL: "smtp://user:hunter2@mail.example?pool=0" });
    expect(status).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      'Invalid configuration: SMTP_URL pool= must be a whole number from 1 to 50 (got "smtp://user:***@mail.example?pool=0")',
    ]);
  });
});

it("passes the committed feed list (it gets as far as the missing build)", () => {
  const { status, stderr } = start({});
  expect(status).toBe(1);
  expect(stderr).toMatch(/^No production build/);
});
