/**
 * What a reader typed into an island's form before its script arrived. Hydration renders the
 * server's values: Preact writes a textarea's value while hydrating, and the next render of any
 * field puts the component's state back over what is on screen. So the typed values are taken
 * before hydration and given back after it, through the events the component listens to.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const TEXT_LIKE = /^(text|search|email|url|tel|password|number)$/;

/** A field whose value differs from the one the server rendered into it. */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) {
    // As rendered: the option marked selected, or else the first (a single choice's default).
    const marked = [...field.options].findIndex((option) => option.hasAttribute("selected"));
    return field.selectedIndex !== Math.max(marked, 0);
  }
  if (field instanceof HTMLInputElement && !TEXT_LIKE.test(field.type)) return false;
  return field.value !== field.defaultValue;
}

export type Typed = Array<[Field, string]>;

export function typedFields(root: ParentNode): Typed {
  return [...root.querySelectorAll<Field>("input, textarea, select")]
    .filter(changed)
    .map((field) => [field, field.value]);
}

/**
 * Puts each typed value back where hydration replaced it, and tells the component even where the
 * screen kept it: its state still holds the server's value, which its next render would restore.
 */
export function restoreTyped(typed: Typed): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    field.value = value;
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }),
    );
  }
}
