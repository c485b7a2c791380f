import { Link, NavLink } from "react-router";

type PageLink = { readonly to: string; readonly label: string };

/**
 * One list of the site's own links (the header's rows, the phone sheet, the footer). `current`
 * marks the reader's page with aria-current (NavLink); `end` only on an exact match.
 */
export function LinkList({
  links,
  className,
  linkClassName,
  current = false,
  end = false,
}: {
  links: readonly PageLink[];
  className?: string;
  linkClassName: string;
  current?: boolean;
  end?: boolean;
}) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.to}>
          {current ? (
            <NavLink to={l.to} end={end} className={linkClassName}>
              {l.label}
            </NavLink>
          ) : (
            <Link to={l.to} className={linkClassName}>
              {l.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
