import type { ReactNode } from "react";
import { ExternalLink } from "#app/components/ui/icons.tsx";
import { EXTERNAL } from "#app/lib/links.ts";

/** A way out to the same content on its own site (a new tab), for an embed that may not show. */
export function OutLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} {...EXTERNAL} className="link inline-flex items-center gap-1 font-semibold">
      {children}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
