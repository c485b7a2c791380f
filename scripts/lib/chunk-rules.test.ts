import { describe, expect, it } from "vitest";
import { chunksOf, type ModuleGraph } from "./chunk-rules.ts";

/** A graph from `importer -> [static imports]`; entries are listed apart. */
function graph(imports: Record<string, string[]>, entries: string[]): ModuleGraph {
  const ids = new Set([...Object.keys(imports), ...Object.values(imports).flat(), ...entries]);
  return {
    getModuleIds: () => ids,
    getModuleInfo: (id) =>
      ids.has(id)
        ? {
            isEntry: entries.includes(id),
            importers: Object.keys(imports).filter((i) => imports[i]?.includes(id)),
          }
        : null,
  };
}

const ROOT = "/w/app/root.tsx?__react-router-build-client-route";
const home = "/w/app/routes/home.tsx?__react-router-build-client-route";
const section = "/w/app/routes/section.tsx?__react-router-build-client-route";
const contact = "/w/app/routes/contact.tsx?__react-router-build-client-route";

const site = graph(
  {
    [ROOT]: ["/w/app/root.tsx"],
    "/w/app/root.tsx": ["/w/app/components/layout/SiteHeader.tsx", "/w/app/components/ui/late.tsx"],
    "/w/app/components/layout/SiteHeader.tsx": ["/w/domain/sections.ts"],
    [home]: ["/w/app/routes/home.tsx"],
    "/w/app/routes/home.tsx": [
      "/w/app/components/news/NewsBlock.tsx",
      "/w/app/components/news/Ticker.tsx",
      "/w/domain/load-failure.ts",
      "/w/content/site.ts",
    ],
    [section]: ["/w/app/routes/section.tsx"],
    "/w/app/routes/section.tsx": [
      "/w/app/components/news/NewsBlock.tsx",
      "/w/domain/load-failure.ts",
      "/w/domain/paging.ts",
    ],
    [contact]: ["/w/app/routes/contact.tsx"],
    "/w/app/routes/contact.tsx": ["/w/app/components/contact/ContactForm.tsx", "/w/content/site.ts"],
    "/w/app/components/contact/ContactForm.tsx": ["/w/domain/contact.ts", "/w/domain/paging.ts"],
    "/w/app/components/news/NewsBlock.tsx": ["/w/domain/article.ts", "/w/app/components/ui/late.tsx"],
    // Loaded late: only import() reaches these (so no static importer is listed).
    "/w/domain/contact-schema.ts": ["/w/domain/contact.ts"],
    "/w/app/components/news/Pager.tsx": ["/w/domain/paging.ts"],
  },
  [ROOT, home, section, contact],
);
const chunks = chunksOf(site);

describe("chunksOf", () => {
  it("puts the frame in the shell, a domain module it imports included", () => {
    expect(chunks.get("/w/app/root.tsx")).toBe("shell");
    expect(chunks.get("/w/app/components/layout/SiteHeader.tsx")).toBe("shell");
    expect(chunks.get("/w/domain/sections.ts")).toBe("shell");
    expect(chunks.get("/w/app/components/ui/late.tsx")).toBe("shell");
  });

  it("leaves code loaded late, and what only it imports, to a chunk of its own", () => {
    expect(chunks.has("/w/domain/contact-schema.ts")).toBe(false);
    expect(chunks.has("/w/app/components/news/Pager.tsx")).toBe(false);
  });

  it("puts a folder's shared components, what they import and what the same pages use in the folder's chunk", () => {
    expect(chunks.get("/w/app/components/news/NewsBlock.tsx")).toBe("news");
    expect(chunks.get("/w/domain/article.ts")).toBe("news");
    expect(chunks.get("/w/domain/load-failure.ts")).toBe("news");
  });

  it("leaves one page's code to the bundler", () => {
    expect(chunks.has("/w/app/components/news/Ticker.tsx")).toBe(false);
    expect(chunks.has("/w/app/components/contact/ContactForm.tsx")).toBe(false);
    expect(chunks.has("/w/domain/contact.ts")).toBe(false);
  });

  it("puts a small helper two pages share (content, ui, lib or domain) in the shell, not in a chunk of its own", () => {
    expect(chunks.get("/w/content/site.ts")).toBe("shell");
    expect(chunks.get("/w/domain/paging.ts")).toBe("shell");
  });

  it("keeps entries (route modules) out of every group", () => {
    expect(chunks.has(ROOT)).toBe(false);
    expect(chunks.has(home)).toBe(false);
  });

  it("treats app/lib like domain/, so moving a module between them changes nothing", () => {
    const moved = chunksOf(
      graph(
        {
          [home]: ["/w/app/routes/home.tsx"],
          "/w/app/routes/home.tsx": ["/w/app/lib/paging.ts"],
          [section]: ["/w/app/routes/section.tsx"],
          "/w/app/routes/section.tsx": ["/w/app/lib/paging.ts"],
        },
        [home, section],
      ),
    );
    expect(moved.get("/w/app/lib/paging.ts")).toBe("shell");
  });
});
