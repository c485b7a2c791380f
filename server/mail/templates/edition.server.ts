import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, createElement as h } from "react";
import { listKey } from "#domain/article.ts";
import type { EditionContent, EditionHeadline } from "../edition-content.server.ts";
import { COLORS, LINE_LINK, MailLayout, type MailSite, SERIF, styles } from "./layout.server.ts";

function Headline({ headline }: { headline: EditionHeadline }) {
  const title = { color: COLORS.ink, fontSize: "17px", lineHeight: "24px", fontWeight: 600 } as const;
  return h(
    Text,
    { style: { margin: "0 0 14px", fontSize: "17px", lineHeight: "24px" } },
    headline.link
      ? h(
          Link,
          {
            href: headline.link,
            className: `m-ink ${LINE_LINK}`,
            style: { ...title, textDecoration: "none" },
          },
          headline.title,
        )
      : h("span", { className: "m-ink", style: title }, headline.title),
    h("br"),
    h(
      "span",
      { className: "m-muted", style: { color: COLORS.muted, fontSize: "13px", lineHeight: "18px" } },
      headline.publisher,
    ),
  );
}

/** The daily edition: the home page's blocks as lists of headlines, then our newest post. */
export function EditionMail(props: {
  content: EditionContent;
  site: MailSite;
  preview: string;
  unsubscribeUrl: string;
}) {
  const { content, site } = props;
  return h(
    MailLayout,
    {
      site,
      preview: props.preview,
      dateline: `${content.dateLabel} · The daily edition`,
      footer: h(
        Fragment,
        null,
        h(
          Text,
          { className: "m-muted", style: styles.muted },
          "You get this mail because you subscribed to the daily edition of ",
          site.name,
          " and confirmed your address. Each headline links to the publisher's own story.",
        ),
        h(
          Text,
          { className: "m-muted", style: { ...styles.muted, margin: 0 } },
          h(Link, { href: props.unsubscribeUrl, className: "m-link", style: styles.link }, "Unsubscribe"),
          " · ",
          h(
            Link,
            { href: site.siteUrl, className: "m-link", style: styles.link },
            site.siteUrl.replace(/^https?:\/\//, ""),
          ),
        ),
      ),
    },
    content.blocks.map((block, i) =>
      h(
        Section,
        { key: block.key },
        i > 0
          ? h(Hr, { className: "m-rule", style: { borderColor: COLORS.line, margin: "8px 0 20px" } })
          : null,
        h(Heading, { as: "h2", className: "m-ink", style: styles.heading }, block.name),
        block.headlines.map((headline, j) => h(Headline, { key: listKey(headline, j), headline })),
      ),
    ),
    content.blocks.length === 0
      ? h(
          Text,
          { className: "m-ink", style: styles.text },
          "No headlines could be gathered for today's edition. The latest news is on",
          " ",
          h(Link, { href: site.siteUrl, className: "m-link", style: styles.link }, site.name),
          ".",
        )
      : null,
    content.post
      ? h(
          Section,
          {
            className: "m-aside",
            style: {
              backgroundColor: COLORS.page,
              borderLeft: `4px solid ${COLORS.link}`,
              padding: "16px 20px",
              marginTop: "16px",
            },
          },
          h(
            Text,
            {
              className: "m-muted",
              style: {
                ...styles.muted,
                textTransform: "uppercase",
                letterSpacing: "0.06em",
                fontSize: "12px",
                margin: "0 0 6px",
              },
            },
            "From our newsroom",
          ),
          h(
            Heading,
            {
              as: "h2",
              className: "m-ink",
              style: { ...styles.heading, fontSize: "20px", margin: "0 0 8px" },
            },
            h(
              Link,
              {
                href: content.post.url,
                className: `m-ink ${LINE_LINK}`,
                style: { color: COLORS.ink, fontFamily: SERIF },
              },
              content.post.title,
            ),
          ),
          h(
            Text,
            { className: "m-ink", style: { ...styles.text, margin: "0 0 8px" } },
            content.post.description,
          ),
          h(
            Text,
            { style: { ...styles.text, margin: 0 } },
            h(Link, { href: content.post.url, className: "m-link", style: styles.link }, "Read the post"),
          ),
        )
      : null,
  );
}
