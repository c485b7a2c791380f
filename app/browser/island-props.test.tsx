// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { XmlPreview } from "#app/components/publishing/XmlPreview.tsx";
import { Island } from "#app/components/ui/Island.tsx";
import { islandProps } from "./island-props.ts";

function Feed({ title, xml }: { title: string; xml: string }) {
  return (
    <div>
      <h2>{title}</h2>
      <XmlPreview text={xml} label="XML" islandProp="xml" />
    </div>
  );
}

describe("an island's props", () => {
  it("sends a text prop once, in the HTML, and reads it back exactly as it was", () => {
    const xml = `<?xml version="1.0"?>\n<rss><title>Cars &amp; "chargers" <b>é</b></title>\n  <x/></rss>`;
    document.body.innerHTML = renderToString(
      <Island name="feed" component={Feed} props={{ title: "Our feed", xml }} fromHtml={["xml"]} />,
    );
    const el = document.querySelector<HTMLElement>("[data-island]") as HTMLElement;
    // The container's JSON leaves it out: the text travels once.
    expect(JSON.parse(el.dataset.props ?? "")).toEqual({ title: "Our feed" });
    expect(document.body.innerHTML.match(/chargers/g)).toHaveLength(1);
    expect(islandProps(el)).toEqual({ title: "Our feed", xml });
  });

  it("reads only its own marked text, not a nested island's, and keeps props it was sent", () => {
    document.body.innerHTML = `
      <div data-island="outer" data-props='{"xml":"sent"}'>
        <code data-island-prop="xml">rendered</code>
        <code data-island-prop="note">outer note</code>
        <div data-island="inner" data-props="{}"><code data-island-prop="other">inner text</code></div>
      </div>`;
    const outer = document.querySelector<HTMLElement>('[data-island="outer"]') as HTMLElement;
    expect(islandProps(outer)).toEqual({ xml: "sent", note: "outer note" });
  });
});
