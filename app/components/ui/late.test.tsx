import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import { describe, expect, it, vi } from "vitest";
import { lateModule, whenSeen, whenShown } from "./late.tsx";

async function html(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

describe("lateModule", () => {
  it("loads once, however often and however soon it is asked for", async () => {
    const load = vi.fn(async () => "module");
    const late = lateModule(load);
    expect(late.value).toBeUndefined();
    const [a, b] = await Promise.all([late(), late()]);
    expect(await late()).toBe("module");
    expect([a, b]).toEqual(["module", "module"]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(late.value).toBe("module");
  });

  it("does not load until asked", () => {
    const load = vi.fn(async () => 1);
    lateModule(load);
    expect(load).not.toHaveBeenCalled();
  });

  it("forgets a failed load, so the next call tries again", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce("module");
    const late = lateModule(load);
    const [first, second] = await Promise.allSettled([late(), late()]);
    expect(first).toEqual({ status: "rejected", reason: new Error("offline") });
    // Asked while the first load was under way: the same outcome, not a second request.
    expect(second).toEqual(first);
    expect(late.value).toBeUndefined();
    expect(await late()).toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
    expect(late.value).toBe("module");
  });
});

describe("whenShown", () => {
  it("renders the loaded component", async () => {
    const Shown = whenShown(
      lateModule(async () => ({ name }: { name: string }) => <p>hello {name}</p>),
      () => <p>plain</p>,
    );
    expect(await html(<Shown name="reader" />)).toBe("<p>hello <!-- -->reader</p>");
  });

  it("renders the fallback when the module cannot load", async () => {
    const Shown = whenShown<{ name: string }>(
      lateModule(() => Promise.reject(new Error("offline"))),
      ({ name }) => <p>plain {name}</p>,
    );
    expect(await html(<Shown name="reader" />)).toBe("<p>plain <!-- -->reader</p>");
  });

  it("renders at once, without suspending, a module already loaded", async () => {
    const late = lateModule(async () => () => <p>ready</p>);
    await late();
    const Shown = whenShown(late, () => <p>plain</p>);
    // renderToString does not wait: a component that suspended would leave the fallback.
    expect(renderToString(<Suspense fallback={<p>waiting</p>}>{<Shown />}</Suspense>)).toBe(
      "<!--$--><p>ready</p><!--/$-->",
    );
  });
});

describe("whenSeen on the server", () => {
  it("loads the part at start and renders it in place, in its box", async () => {
    const load = vi.fn(async () => ({ text }: { text: string }) => <p>{text}</p>);
    const Part = whenSeen("part", lateModule(load));
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    // In place at the first render (renderToString does not wait for a part that suspends).
    expect(renderToString(<Part text="below the fold" />)).toBe(
      '<div id="part"><!--$--><p>below the fold</p><!--/$--></div>',
    );
    expect(load).toHaveBeenCalledTimes(1);
  });
});
