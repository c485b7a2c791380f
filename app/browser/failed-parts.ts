/**
 * A streamed part of a page (a cold section's headlines) that failed while the server rendered
 * it: React marks its boundary for the browser to render (`<!--$!-->`), and no React runs on a
 * reading page to do so, so its loading placeholders would stay. Each placeholder carries what to
 * show instead (`<template data-if-failed>`, app/components/news/Loading.tsx): the page's load
 * error and its "Try again" link.
 */
export function showFailedParts(doc: Document = document): void {
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const failed: Comment[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if ((node as Comment).data === "$!") failed.push(node as Comment);
  for (const start of failed) {
    // The boundary's nodes: after React's own marker template, up to its closing comment.
    const nodes: ChildNode[] = [];
    let depth = 0;
    let node = start.nextSibling;
    if (node instanceof HTMLTemplateElement && !node.hasAttribute("data-if-failed")) node = node.nextSibling;
    for (; node; node = node.nextSibling) {
      if (node instanceof Comment && node.data.startsWith("$")) depth++;
      if (node instanceof Comment && node.data === "/$" && depth-- === 0) break;
      nodes.push(node);
    }
    const template = nodes
      .map((n) =>
        n instanceof HTMLTemplateElement && n.hasAttribute("data-if-failed")
          ? n
          : n instanceof Element
            ? n.querySelector<HTMLTemplateElement>("template[data-if-failed]")
            : null,
      )
      .find((t) => t !== null);
    if (!template) continue;
    const replacement = template.content.cloneNode(true);
    const last = nodes[nodes.length - 1];
    last?.after(replacement);
    for (const n of nodes) n.remove();
  }
}
