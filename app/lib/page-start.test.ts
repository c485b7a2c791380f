// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageStartScript } from "./page-start.ts";

const MODULE = "/assets/page.js";
/** What the script imports, seen by the test (the vm running tests has no dynamic import). */
let importer = vi.fn((_src: string) => Promise.resolve());
const runs = () => importer.mock.calls.length;

type Callback = (
  list: { getEntriesByName(name: string): unknown[] },
  observer: { disconnect(): void },
) => void;

/** The browser's paint reports, held by the test: it says when the first contentful paint came. */
function fakePaintObserver(supported: string[]) {
  const observers: Callback[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    private readonly callback: Callback;
    constructor(callback: Callback) {
      this.callback = callback;
    }
    observe() {
      observers.push(this.callback);
    }
    disconnect() {}
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return {
    paint: (name: string) => {
      for (const cb of observers)
        cb({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect() {} });
    },
  };
}

function run(script: string, importFn: (src: string) => Promise<unknown> = importer) {
  expect(script.match(/import\(/g)).toHaveLength(1);
  // The browser runs it as a classic script: a function body is the same here.
  new Function("__import", script.replace("import(", "__import("))(importFn);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
  importer = vi.fn((_src: string) => Promise.resolve());
});

describe("the page's start script", () => {
  it("fetches the page script and its imports only once the first contentful paint is reported", async () => {
    const paints = fakePaintObserver(["paint", "layout-shift"]);
    run(pageStartScript(MODULE, ["/assets/toast.js", "/assets/dates.js"]));
    await settle();
    expect(runs()).toBe(0);
    expect(preloads()).toEqual([]);
    paints.paint("first-paint");
    await settle();
    expect(runs()).toBe(0);
    paints.paint("first-contentful-paint");
    await settle();
    expect(importer).toHaveBeenCalledWith(MODULE);
    expect(preloads()).toEqual(["/assets/toast.js", "/assets/dates.js"]);
    // A second report starts nothing twice.
    paints.paint("first-contentful-paint");
    await settle();
    expect(runs()).toBe(1);
  });

  it("waits for the lead picture (the largest paint) to load, or fail, and at most 3 s", async () => {
    const paints = fakePaintObserver(["paint"]);
    document.body.innerHTML = `<img id="lead" fetchpriority="high" src="/lead.webp" alt=""><img src="/other.webp" alt="">`;
    const lead = document.getElementById("lead") as HTMLImageElement;
    Object.defineProperty(lead, "complete", { value: false, configurable: true });
    run(pageStartScript(MODULE, []));
    paints.paint("first-contentful-paint");
    await settle();
    expect(runs()).toBe(0);
    lead.dispatchEvent(new Event("error"));
    await settle();
    expect(runs()).toBe(1);

    // A picture that never arrives holds the page script 3 s, no longer.
    vi.useFakeTimers();
    try {
      importer = vi.fn((_src: string) => Promise.resolve());
      const again = fakePaintObserver(["paint"]);
      run(pageStartScript(MODULE, []));
      again.paint("first-contentful-paint");
      await vi.advanceTimersByTimeAsync(2900);
      expect(runs()).toBe(0);
      await vi.advanceTimersByTimeAsync(200);
      expect(runs()).toBe(1);
    } finally {
      vi.useRealTimers();
      document.body.innerHTML = "";
    }
  });

  it("gives pictures below the first screen their src only with the page script, after the paint", async () => {
    const paints = fakePaintObserver(["paint"]);
    document.body.innerHTML = `
      <img id="cover" data-src="/c.webp" data-srcset="/c-320w.webp 320w, /c.webp 480w" alt="">
      <img id="thumb" data-src="/t.webp" alt="">`;
    const cover = document.getElementById("cover") as HTMLImageElement;
    const thumb = document.getElementById("thumb") as HTMLImageElement;
    try {
      run(pageStartScript(MODULE, []));
      await settle();
      expect(cover.hasAttribute("src")).toBe(false);
      expect(thumb.hasAttribute("src")).toBe(false);
      paints.paint("first-contentful-paint");
      await settle();
      expect(runs()).toBe(1);
      expect(cover.getAttribute("srcset")).toBe("/c-320w.webp 320w, /c.webp 480w");
      expect(cover.getAttribute("src")).toBe("/c.webp");
      expect(thumb.getAttribute("src")).toBe("/t.webp");
      expect(thumb.hasAttribute("srcset")).toBe(false);
      // Moved, not copied: nothing is left waiting (app.css hides a waiting picture without script).
      expect(document.querySelectorAll("[data-src], [data-srcset]")).toHaveLength(0);
      // Marked at once, so app.css shows the waiting pictures rather than their <noscript> copies.
      expect(document.documentElement.classList.contains("js")).toBe(true);
    } finally {
      document.body.innerHTML = "";
    }
  });

  it("starts at once in a browser that reports no paints", async () => {
    fakePaintObserver(["layout-shift"]);
    run(pageStartScript(MODULE, []));
    await settle();
    expect(runs()).toBe(1);
  });

  it("starts a page loaded hidden (a background tab) without waiting for a paint it will not get", async () => {
    fakePaintObserver(["paint"]);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    run(pageStartScript(MODULE, []));
    await settle();
    // happy-dom's document is already loaded.
    expect(runs()).toBe(1);
  });

  it("leaves the page as it is when the page script cannot load", async () => {
    fakePaintObserver([]);
    // A failed import is a rejected promise; the script must handle it (no unhandled rejection).
    const failed = Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    let handled = false;
    const then = failed.then.bind(failed);
    // biome-ignore lint/suspicious/noThenProperty: the promise's own then, watched, not a new thenable
    failed.then = ((onFulfilled, onRejected) => {
      handled ||= typeof onRejected === "function";
      return then(onFulfilled, onRejected);
    }) as typeof failed.then;
    // A plain function: a spy would itself subscribe to the promise it returns.
    let calls = 0;
    const failing = () => {
      calls++;
      return failed;
    };
    run(pageStartScript(MODULE, []), failing);
    await settle();
    expect(calls).toBe(1);
    expect(handled).toBe(true);
  });

  it("writes the addresses as JSON a closing tag cannot break out of", () => {
    const script = pageStartScript("/assets/page.js", ["</script><script>alert(1)</script>"]);
    expect(script).not.toContain("</script");
    expect(script).toContain("\\u003c/script>");
  });
});
