// @vitest-environment happy-dom
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { showFailedParts } from "./failed-parts.ts";

function Broken(): never {
  throw new Error("a bad feed item");
}

const page = (part: React.ReactNode) => (
  <main>
    <h1>Technology</h1>
    <Suspense
      fallback={
        <>
          <div data-testid="skeleton">loading…</div>
          <template data-if-failed>
            <div role="alert">Failed to load articles</div>
          </template>
        </>
      }
    >
      {part}
    </Suspense>
    <p>after</p>
  </main>
);

describe("a streamed part that failed on the server", () => {
  it("shows the page's load error in place of its placeholders", () => {
    // React's own markup for a boundary left to the browser (<!--$!--> and its marker).
    vi.spyOn(console, "error").mockImplementation(() => {});
    document.body.innerHTML = renderToString(page(<Broken />));
    expect(document.body.innerHTML).toContain("<!--$!-->");
    showFailedParts(document);
    expect(document.querySelector("[data-testid=skeleton]")).toBeNull();
    expect(document.querySelector("main [role=alert]")?.textContent).toBe("Failed to load articles");
    expect(document.querySelector("main p")?.textContent).toBe("after");
  });

  it("leaves a part that rendered alone", () => {
    document.body.innerHTML = renderToString(page(<div data-testid="headlines">news</div>));
    showFailedParts(document);
    expect(document.querySelector("[data-testid=headlines]")).not.toBeNull();
    expect(document.querySelector("[role=alert]")).toBeNull();
  });
});
