/** A generated file's text in a scrolling box that keyboard users can focus and scroll. */
export function XmlPreview({ text, label, wrap = false }: { text: string; label: string; wrap?: boolean }) {
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
        <code>{text}</code>
      </pre>
    </section>
  );
}
