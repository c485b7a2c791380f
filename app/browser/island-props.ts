/**
 * The island's props: its container's JSON, plus those the server sent once, as the text of an
 * element of this island marked `data-island-prop` (Island's `fromHtml`).
 */
export function islandProps(el: HTMLElement): Record<string, unknown> {
  const props = JSON.parse(el.dataset.props ?? "{}") as Record<string, unknown>;
  for (const holder of el.querySelectorAll<HTMLElement>("[data-island-prop]")) {
    const key = holder.dataset.islandProp ?? "";
    if (holder.closest("[data-island]") === el && !(key in props)) props[key] = holder.textContent ?? "";
  }
  return props;
}
