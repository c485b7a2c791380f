import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement as h } from "react";
import { COLORS, MailLayout, type MailSite, styles } from "./layout.server.ts";

/** The double opt-in mail: one button, the same link as text, when it stops working. */
export function ConfirmationMail(props: { site: MailSite; link: string; expires: string; preview: string }) {
  const { site, link } = props;
  return h(
    MailLayout,
    {
      site,
      preview: props.preview,
      footer: h(
        Text,
        { className: "m-muted", style: { ...styles.muted, margin: 0 } },
        "You get this mail because this address was entered in the newsletter form on",
        " ",
        h(
          Link,
          { href: site.siteUrl, className: "m-link", style: styles.link },
          site.siteUrl.replace(/^https?:\/\//, ""),
        ),
        ".",
      ),
    },
    h(
      Heading,
      { as: "h1", className: "m-ink", style: { ...styles.heading, fontSize: "24px", lineHeight: "30px" } },
      "Confirm your subscription",
    ),
    h(
      Text,
      { className: "m-ink", style: styles.text },
      "Someone, we hope you, asked to receive the daily edition of ",
      site.name,
      " at this address. Once you confirm, the edition arrives each morning: the day's headlines from our sections and the newest post from our newsroom.",
    ),
    h(
      Section,
      { style: { margin: "8px 0 24px" } },
      h(
        Button,
        {
          href: link,
          className: "m-button",
          style: {
            backgroundColor: COLORS.link,
            color: "#ffffff",
            fontSize: "16px",
            fontWeight: 600,
            lineHeight: "24px",
            borderRadius: "6px",
            padding: "12px 24px",
            textDecoration: "none",
          },
        },
        "Confirm your subscription",
      ),
    ),
    h(
      Text,
      { className: "m-muted", style: styles.muted },
      "Or open this link in your browser:",
      h("br"),
      h(Link, { href: link, className: "m-link", style: { ...styles.link, wordBreak: "break-all" } }, link),
    ),
    h(
      Text,
      { className: "m-ink", style: styles.text },
      "The link works until ",
      props.expires,
      ". If you did not ask for this, ignore this mail: nothing happens, you will not be subscribed, and the address is forgotten when the link expires.",
    ),
  );
}
