import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Children, type CSSProperties, createElement as h, type ReactNode } from "react";

/** What a mail says of the site: from content/identity.ts and SITE_URL. */
export type MailSite = {
  name: string;
  tagline: string;
  siteUrl: string;
  timeZone: string;
  newsroomEmail: string;
};

/** The class of a link whose address the text part puts on a line of its own (render.server.ts). */
export const LINE_LINK = "m-line-link";

/** The site's own palette (app/app.css), light; the dark one is in DARK_CSS. */
export const COLORS = {
  page: "#f3f1ec",
  surface: "#ffffff",
  ink: "#16181d",
  muted: "#555b66",
  line: "#d9d6cf",
  link: "#0b6b4f",
} as const;

const SANS = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
export const SERIF = 'Georgia, "Times New Roman", Times, serif';

/*
 * Clients that follow prefers-color-scheme (Apple Mail, iOS, Outlook for Mac) get the site's dark
 * palette; the inline colours are the light one, and !important is what beats inline styles.
 * Clients that invert colours themselves (Gmail apps) start from readable light colours.
 */
const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .m-page { background-color: #111318 !important; }
  .m-card { background-color: #1a1d23 !important; border-color: #2f333b !important; }
  .m-ink { color: #eceae4 !important; }
  .m-muted { color: #a9adb6 !important; }
  .m-link { color: #5fd3a9 !important; }
  .m-rule { border-color: #2f333b !important; }
  .m-rule-strong { border-color: #eceae4 !important; }
  .m-aside { background-color: #111318 !important; border-color: #5fd3a9 !important; }
  .m-button { background-color: #5fd3a9 !important; color: #111318 !important; }
}
@media only screen and (max-width: 620px) {
  .m-card { padding: 20px 16px !important; }
}
`;

export const styles = {
  text: { color: COLORS.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  muted: { color: COLORS.muted, fontSize: "14px", lineHeight: "20px", margin: "0 0 12px" },
  link: { color: COLORS.link, textDecoration: "underline" },
  heading: {
    color: COLORS.ink,
    fontFamily: SERIF,
    fontSize: "22px",
    lineHeight: "28px",
    fontWeight: 700,
    margin: "0 0 12px",
  },
} satisfies Record<string, CSSProperties>;

/**
 * Every mail's frame: one column at most 600 px wide on the page's colour, the site's name as
 * masthead, the body, then the footer.
 */
export function MailLayout(props: {
  site: MailSite;
  preview: string;
  /** Under the masthead: the edition's date, or nothing. */
  dateline?: string;
  /** Optional only for createElement's types, which do not count its trailing arguments as children. */
  children?: ReactNode;
  footer: ReactNode;
}) {
  const { site } = props;
  return h(
    Html,
    { lang: "en-US", dir: "ltr" },
    h(
      Head,
      null,
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
      h("style", null, DARK_CSS),
    ),
    h(Preview, null, props.preview),
    // Body copies its style to a cell of its own, where no class reaches it: the page's colour is
    // on a Section of ours, which the dark palette can override.
    h(
      Body,
      {
        className: "m-page",
        style: { backgroundColor: COLORS.page, margin: 0, padding: 0, fontFamily: SANS },
      },
      h(
        Section,
        { className: "m-page", style: { backgroundColor: COLORS.page, padding: "24px 8px" } },
        h(
          Container,
          {
            className: "m-card",
            style: {
              backgroundColor: COLORS.surface,
              border: `1px solid ${COLORS.line}`,
              borderRadius: "6px",
              padding: "28px 32px",
              width: "100%",
              maxWidth: "600px",
            },
          },
          h(
            Section,
            null,
            h(
              Link,
              {
                href: site.siteUrl,
                className: "m-ink",
                style: {
                  color: COLORS.ink,
                  fontFamily: SERIF,
                  fontSize: "28px",
                  lineHeight: "34px",
                  fontWeight: 700,
                  textDecoration: "none",
                },
              },
              site.name,
            ),
            props.dateline
              ? h(
                  Text,
                  { className: "m-muted", style: { ...styles.muted, margin: "6px 0 0" } },
                  props.dateline,
                )
              : null,
            h(Hr, {
              className: "m-rule-strong",
              style: { border: "none", borderTop: `3px solid ${COLORS.ink}`, margin: "16px 0 24px" },
            }),
          ),
          // Spread with keys: several children arrive as one array, which React would warn about.
          ...Children.toArray(props.children),
          h(
            Section,
            null,
            h(Hr, {
              className: "m-rule",
              style: { border: "none", borderTop: `1px solid ${COLORS.line}`, margin: "24px 0 16px" },
            }),
            props.footer,
          ),
        ),
      ),
    ),
  );
}
