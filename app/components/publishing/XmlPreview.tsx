/**
 * A generated file's text in a scrolling box that keyboard users can focus and scroll.
 * `islandProp` names the island prop this text is, for an island that sends it once (Island's
 * `fromHtml`).
 */
export function XmlPreview({
  text,
  label,
  wrap = false,
  islandProp,
}: {
  text: string;
  label: string;
  wrap?: boolean;
  islandProp?: string;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard
      tabIndex={0}
      className="max-h-96 overflow-auto rounded border border-line bg-page"
    >
      <pre
        className={`p-3 font-mono text-xs leading-5 ${wrap ? "whitespace-pre-wrap break-words" : "whitespace-pre"}`}
      >
        <code data-island-prop={islandProp}>{text}</code>
      </pre>
    </section>
  );
}
