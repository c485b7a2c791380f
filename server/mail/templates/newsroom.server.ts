import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement as h } from "react";
import { COLORS, MailLayout, type MailSite, styles } from "./layout.server.ts";

/** A contact form message as the newsroom reads it: who, when, what, and how to answer. */
export function NewsroomMail(props: {
  site: MailSite;
  preview: string;
  name: string;
  email: string;
  sentAt: string;
  category: string | null;
  subject: string;
  message: string;
}) {
  const { site } = props;
  const label = { ...styles.muted, margin: "0 0 4px" };
  return h(
    MailLayout,
    {
      site,
      preview: props.preview,
      footer: h(
        Text,
        { className: "m-muted", style: { ...styles.muted, margin: 0 } },
        "Sent by the contact form of ",
        site.name,
        " to ",
        site.newsroomEmail,
        ". Reply to this mail to answer",
        " ",
        props.name,
        ": the reply goes to ",
        props.email,
        ".",
      ),
    },
    h(
      Heading,
      { as: "h1", className: "m-ink", style: { ...styles.heading, fontSize: "22px" } },
      props.subject,
    ),
    h(
      Section,
      { style: { marginBottom: "16px" } },
      h(
        Text,
        { className: "m-muted", style: label },
        "From:",
        " ",
        h("span", { className: "m-ink", style: { color: COLORS.ink } }, props.name),
        " ",
        "<",
        h(Link, { href: `mailto:${props.email}`, className: "m-link", style: styles.link }, props.email),
        ">",
      ),
      h(Text, { className: "m-muted", style: label }, "Sent: ", props.sentAt),
      props.category ? h(Text, { className: "m-muted", style: label }, "Category: ", props.category) : null,
    ),
    h(
      Text,
      {
        className: "m-ink m-card",
        style: {
          ...styles.text,
          whiteSpace: "pre-wrap",
          backgroundColor: COLORS.page,
          border: `1px solid ${COLORS.line}`,
          borderRadius: "4px",
          padding: "16px",
        },
      },
      props.message,
    ),
  );
}
