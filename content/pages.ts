/**
 * Text of the static pages (about, privacy, terms) as plain data. Strings are plain text: no markdown and no
 * HTML. Each paragraph is one string; `list` items render as a bulleted list after the paragraphs.
 */

import { BUNDLED_SLUG, groupedCount, type PublicationIdentity } from "#domain/publication.ts";

/** What the pages say of their publication: its host's (the bundled site's by default). */
export type PageSite = Pick<
  PublicationIdentity,
  "slug" | "title" | "network" | "newsroomEmail" | "publisher" | "about"
>;

export type PageSection = { id: string; heading: string; paragraphs: string[]; list?: string[] };

export type StaticPage = {
  title: string;
  /** One sentence for the meta description, under 160 characters. */
  description: string;
  intro: string;
  /** ISO date the text was last revised. */
  updated: string;
  sections: PageSection[];
};

/** The bundled site has a privacy desk; another publication's privacy questions go to its newsroom. */
const privacyAddress = (site: PageSite) =>
  site.slug === BUNDLED_SLUG ? "privacy@electricledger.example" : site.newsroomEmail;

export const aboutPage = (site: PageSite): StaticPage => ({
  title: `About ${site.title}`,
  description:
    site.slug === BUNDLED_SLUG
      ? "Who we are: an independent news site on electric vehicles, charging and clean transport, part of the Civic Press Network."
      : `Who we are: ${site.title}, part of the ${site.network.name}.`,
  // Another publication's own words (its "about"): this beat is the bundled site's.
  intro:
    site.slug === BUNDLED_SLUG
      ? `${site.title} is a public news site about the move to electric transport: the vehicles, the chargers and the grid behind them, and the policies and prices that shape them. Alongside that beat we bring together the day's local, national and world headlines from trusted publishers, so readers can follow both in one place.`
      : site.about,
  updated: "2026-11-27",
  sections: [
    {
      id: "mission",
      heading: "Our mission",
      paragraphs: [
        "Our mission is to help people understand the shift to electric and sustainable transport clearly and without hype. Whether you are weighing your first electric car, wondering when a fast charger will open on your commute, running a city fleet or simply following the news, you deserve reporting that explains what is changing, what it costs and who it affects.",
        "We also believe a good news site should respect its readers' time. That is why we gather the day's most important headlines from trusted publishers on one clear page, and send you straight to the original reporting when you want the full story.",
      ],
    },
    {
      id: "vision",
      heading: "Our vision",
      paragraphs: [
        "We want a public conversation about transport that is grounded in facts: range and charging speeds measured honestly, costs compared over the life of a vehicle, and the trade-offs of new infrastructure weighed in the open. As more of daily life runs on electricity, we hope to be the place readers turn to when they want to know what is really happening, in their town and beyond.",
      ],
    },
    {
      id: "network",
      heading: `Part of the ${site.network.name}`,
      paragraphs: [
        `${site.title} is part of the ${site.network.name}, a family of ${groupedCount(site.network.publications)} local and specialist publications that share a commitment to public-interest journalism. Being part of the network lets us draw on reporting from communities across the country while keeping our own editorial voice and focus.`,
        "Each publication in the network makes its own editorial decisions. When we feature work from another network title or any outside publisher, we say where it comes from and link to the original.",
      ],
    },
    {
      id: "coverage",
      heading: "What we cover",
      paragraphs: [
        "Our core beat is electric vehicles, charging and sustainable transport. Around it we gather the wider news that shapes daily life, from city hall to world capitals.",
        "Headlines come from publishers' RSS feeds. For each one we show the headline, a short summary where the publisher provides one, the publisher's name and the time of publication, and every headline links to the original article on the publisher's own site. We do not republish full articles from other publishers.",
        "Our sections include:",
      ],
      list: [
        "Electric vehicles: new models, real-world range, prices, incentives and the used market.",
        "Charging: public networks, home charging, connector standards, reliability and the grid.",
        "Sustainable transport: transit, cycling, walking, freight and clean fleets.",
        "Local, national and world news.",
        "Politics and policy, business and the economy, technology and science.",
        "Climate and energy, health, and culture.",
      ],
    },
    {
      id: "editorial-standards",
      heading: "Editorial standards",
      paragraphs: [
        "Accuracy comes first. We check facts against primary sources such as manufacturers' specifications, regulators' filings and official data, and we say plainly when something is an estimate or a claim we could not verify.",
        `When we get something wrong, we correct it promptly and openly. Corrections are noted at the end of the affected article with the date and what changed. To report an error, write to ${site.newsroomEmail}.`,
        "We credit the work of others. Headlines and summaries drawn from other publishers always carry the publisher's name and link to the original article, and we never present another outlet's reporting as our own.",
        "We are editorially independent. Advertisers, partners and the companies we cover have no say over what we publish. Partner documents are clearly labeled as published by the partner, and any sponsored material will always be marked as such.",
        "We use artificial intelligence tools carefully and openly. Software may help us sort incoming headlines or check spelling, but every article we publish under our own name is written, edited and fact-checked by people, and we do not publish AI-generated images as if they were photographs of real events.",
      ],
    },
    {
      id: "sample-articles",
      heading: "Sample headlines",
      paragraphs: [
        "When the publishers' feeds cannot be reached and we have nothing stored yet, for example on a fresh installation without an internet connection, the site shows sample headlines instead, with a notice saying so at the top of the page.",
        "Those samples are written by our editors to show how the site works. They describe invented places and events, were never published as news, and are replaced by real headlines as soon as the feeds answer again.",
      ],
    },
  ],
});

export const privacyPage = (site: PageSite): StaticPage => ({
  title: "Privacy policy",
  description: `How ${site.title} handles your information: no accounts, no tracking cookies by default, and answers to privacy requests within 72 hours.`,
  intro: `${site.title} is built to collect as little personal information as possible. You can read everything on the site without creating an account or telling us who you are. This policy explains the small amount of information we do handle, why, how long we keep it and the choices you have. It is published by the ${site.publisher}.`,
  updated: "2026-11-27",
  sections: [
    {
      id: "summary",
      heading: "The short version",
      paragraphs: [
        "We only collect what you choose to send us and what any web server needs to run safely. We do not sell personal information, we do not build advertising profiles, and we do not set tracking cookies by default.",
      ],
      list: [
        "There are no user accounts and no logins.",
        "If you write to us through the contact form, we keep your message so we can reply.",
        "If you sign up for the newsletter, we keep your email address so we can send it.",
        "Videos, event listings and other outside content load only when you choose to show them.",
        "Server logs are kept briefly for security and then deleted.",
      ],
    },
    {
      id: "information-we-collect",
      heading: "Information we collect",
      paragraphs: [
        "Contact form. When you send a message, we receive the name and email address you enter and the text of your message. We use them only to read and answer your message, and to follow up on any news tip or correction you send.",
        "Newsletter. When you subscribe, we store your email address and the date you signed up. We use your address only to send the newsletter you asked for. Every newsletter includes a link to unsubscribe, and when you unsubscribe we remove your address from our mailing list.",
        "Server logs. Like nearly every website, our servers automatically record basic technical details of each request: the IP address, the page requested, the date and time, and the browser's user-agent string. We use these logs only to keep the site secure and working, for example to block abusive traffic or to investigate an error.",
        "We do not ask for, and ask you not to send, sensitive information such as health details or government identification numbers through the contact form.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and similar technologies",
      paragraphs: [
        "We do not use tracking, analytics or advertising cookies by default. If the site stores a setting in your browser, such as a display preference or a notice you have dismissed, that setting stays on your device and is used for nothing else.",
        "If we ever introduce advertising or measurement tools that use cookies, we will update this policy first and ask for your consent wherever the law requires it.",
      ],
    },
    {
      id: "third-party-content",
      heading: "Embedded content from other services",
      paragraphs: [
        "Some pages offer content from other services, such as a featured video, a wall of community events or a partner document. This content does not load when you open the page. It loads only when you choose to show it, for example by pressing play or opening the events listing. Until then, your browser makes no contact with those services.",
        "Our video player uses YouTube's privacy-enhanced mode. Once you choose to load outside content, the service providing it receives information such as your IP address and may set its own cookies, under its own privacy policy. Partner documents are served from our own site; if a partner document is ever hosted elsewhere, the same rule applies and it loads only when you open it.",
        "Headlines link to articles on publishers' own websites. When you follow a link, you leave our site, and the publisher's privacy policy applies to your visit there.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep information",
      paragraphs: ["We keep information only as long as we need it for the purpose it was collected for:"],
      list: [
        "Contact-form messages: up to 12 months after our last reply, then deleted, unless a message is needed for a correction record or a legal obligation.",
        "Newsletter addresses: until you unsubscribe.",
        "Server logs: no more than 14 days, unless a specific entry is needed to investigate a security incident.",
      ],
    },
    {
      id: "sharing",
      heading: "How we share information",
      paragraphs: [
        "We do not sell or rent personal information, and we do not share it with advertisers. We share it only with service providers who help us run the site, such as our hosting provider and the service that delivers the newsletter. They may use it only to provide that service to us, under contracts that require them to protect it.",
        "We may also disclose information if the law requires it, or if it is necessary to protect the safety of our readers, our staff or the public. Where the law allows, we will tell you about any such request.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your choices and rights",
      paragraphs: [
        `You can ask us at any time to tell you what information we hold about you, to correct it, to delete it, or to stop using it. Send your request to ${privacyAddress(site)}. You do not need to give a reason, and we will not charge a fee.`,
        "We respond to every privacy request within 72 hours. If completing your request takes longer, for example because we need to confirm that the information belongs to you, our reply will explain the next steps and when you can expect them to be done.",
        "Depending on where you live, you may have additional rights under local law, including the right to complain to a data protection authority. We honor those rights for every reader, wherever they live.",
      ],
    },
    {
      id: "security",
      heading: "How we protect information",
      paragraphs: [
        "The site is served only over encrypted HTTPS connections. Access to contact messages, newsletter addresses and server logs is limited to the staff who need it to do their work. No system is perfectly secure, but if a breach ever affected your information, we would tell you promptly and explain what we are doing about it.",
      ],
    },
    {
      id: "childrens-privacy",
      heading: "Children's privacy",
      paragraphs: [
        `${site.title} is a general news site and is not directed at children under 13. We do not knowingly collect personal information from children under 13. If you believe a child under 13 has sent us personal information, for example through the contact form or the newsletter sign-up, please write to ${privacyAddress(site)} and we will delete it.`,
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: [
        "If we change how we handle personal information, we will update this page and the date at the top before the change takes effect. If a change is significant, we will also note it on the home page and in the next newsletter.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      paragraphs: [
        `For any question about privacy, or to make a request about your information, email ${privacyAddress(site)}. We answer every privacy request within 72 hours.`,
      ],
    },
  ],
});

export const termsPage = (site: PageSite): StaticPage => ({
  title: "Terms of service",
  description: `The terms for using ${site.title}: how you may use the site, links to publishers, submissions, intellectual property and our limits of liability.`,
  intro: `These terms explain the rules for using ${site.title}, published by the ${site.publisher}. By using the site you agree to them. They are written to be read, so if anything is unclear, please ask us.`,
  updated: "2026-11-27",
  sections: [
    {
      id: "using-the-site",
      heading: "Using the site",
      paragraphs: [
        "You are welcome to read, share and link to anything on the site for personal, non-commercial purposes. You do not need an account to do so.",
        "Please use the site fairly. In particular, you agree not to:",
      ],
      list: [
        "break the law, or use the site to harass, defraud or harm anyone;",
        "try to gain unauthorized access to our systems or interfere with the site's security or operation;",
        "scrape, copy or download the site in bulk by automated means in a way that burdens our servers or republishes our work without permission;",
        "send spam, malicious code or misleading information through our contact form or newsletter sign-up;",
        "pretend to be someone else, or to speak for us or for a publisher, when you are not.",
      ],
    },
    {
      id: "third-party-content",
      heading: "Publishers' headlines and third-party content",
      paragraphs: [
        "Many headlines on the site come from other publishers' RSS feeds. Each one shows the publisher's name and links to the original article on the publisher's own website. Those articles, and the headlines and summaries that describe them, belong to their publishers, and the publishers are responsible for their content.",
        "When you follow a link to another website, you leave our site, and that website's own terms and privacy policy apply. We choose our sources with care, but we do not control other websites and are not responsible for their content, availability or practices.",
        "Some pages include content provided by others, such as an embedded video, a wall of community events, documents published by our partners, or links to books and other products sold by third parties. This content is labeled with its source. Any purchase or registration you make on another service is between you and that service.",
      ],
    },
    {
      id: "submissions",
      heading: "Your submissions",
      paragraphs: [
        "When you send us a message, news tip, correction or letter, you confirm that it is your own and that sending it does not break anyone else's rights. You keep the rights to what you write. You give us permission to use it to reply to you, to check and correct our reporting, and to investigate a story.",
        "We will not publish your name or your words without asking you first, except where a message is needed to respond to a legal claim. We may decline to respond to messages that are abusive or off-topic. How we handle the personal information in your messages is explained in our privacy policy.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "Intellectual property",
      paragraphs: [
        `The articles, design, logo and name of ${site.title}, and everything else we create for the site, are owned by the ${site.publisher} or used with permission, and are protected by copyright and trademark law. You may quote short passages with a clear credit and a link back to the original page. For anything more, such as republishing an article in full, please ask us first.`,
        `If you believe something on the site infringes your copyright, email ${site.newsroomEmail} with the page address, a description of your work and your contact details, and we will review it promptly.`,
      ],
    },
    {
      id: "disclaimers",
      heading: "Disclaimers",
      paragraphs: [
        "We work hard to be accurate, and we correct our mistakes, but we cannot promise that everything on the site is complete, current and free of errors at all times. News changes quickly, and prices, incentives, specifications and laws change too.",
        "The site is provided for general information. It is not professional advice. Before acting on anything you read here, such as buying a vehicle, installing charging equipment, making electrical work decisions or making financial choices, check the details with a qualified professional and the official sources. Electrical work should always be done by a licensed electrician.",
        "The site is provided as it is and as available. To the extent the law allows, we make no warranties of any kind about it, express or implied.",
      ],
    },
    {
      id: "limitation-of-liability",
      heading: "Limitation of liability",
      paragraphs: [
        `To the fullest extent the law allows, the ${site.publisher} and the people who work on ${site.title} are not liable for any indirect, incidental or consequential loss arising from your use of the site, from content on other websites we link to, or from the site being unavailable. Nothing in these terms limits any liability that cannot be limited by law, or any rights you have as a consumer that cannot be waived.`,
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      paragraphs: [
        "We may update these terms as the site changes. When we do, we will change the date at the top of this page, and for significant changes we will also post a note on the home page. If you keep using the site after a change takes effect, the updated terms apply. We may also change, suspend or discontinue any part of the site.",
      ],
    },
    {
      id: "contact",
      heading: "Contact us",
      paragraphs: [
        `Questions about these terms are welcome at ${site.newsroomEmail}. For privacy questions, write to ${privacyAddress(site)}.`,
      ],
    },
  ],
});
