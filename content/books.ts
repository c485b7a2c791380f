/**
 * The books shelf: billionaire-themed spiritual and wealth e-books plus two public-domain reprints.
 * Covers live in public/covers (regenerate them with `node scripts/make-covers.ts`); links are Kindle
 * store searches for the title, which never go stale the way invented product ids would.
 */
export type Book = { title: string; cover: string; link: string };

/** Authors of the public-domain reprints; every other title belongs to the Billionaire Wisdom Series. */
export const reprintAuthors: Readonly<Record<string, string>> = {
  "The Science of Getting Rich": "Wallace D. Wattles",
  "As a Man Thinketh": "James Allen",
};

export const seriesName = "Billionaire Wisdom Series";

/** Lower-case, hyphenated file name for a title: "Faith & Fortune" becomes "faith-fortune". */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The widths each cover is drawn in (scripts/make-covers.ts); the widest is `cover` itself. */
export const COVER_WIDTHS = [320, 480] as const;

/** A cover's file in one of COVER_WIDTHS: "/covers/x.webp" in 320 px is "/covers/x-320w.webp". */
export function coverFile(cover: string, width: (typeof COVER_WIDTHS)[number]): string {
  return width === 480 ? cover : cover.replace(/\.webp$/, `-${width}w.webp`);
}

/** A book from its title: the cover and the store link both follow from it. */
export function book(title: string): Book {
  return {
    title,
    cover: `/covers/${slugify(title)}.webp`,
    link: `https://www.amazon.com/s?k=${encodeURIComponent(title)}&i=digital-text`,
  };
}

const titles = [
  "The Billionaire Mindset: Thinking Beyond the Next Dollar",
  "Abundance by Design",
  "The Quiet Fortune: Spiritual Practices for Lasting Wealth",
  "Money, Meaning and the Inner Ledger",
  "The Science of Getting Rich",
  "Sacred Wealth: Aligning Purpose and Prosperity",
  "The Morning Rituals of Billionaires",
  "Prosperity Consciousness: A Twelve-Week Practice",
  "The Generous Billionaire: Giving as a Path to Abundance",
  "Wealth Without Worry",
  "The Stillness Advantage: Meditation for Builders and Leaders",
  "Think in Decades: The Long Game of Extraordinary Wealth",
  "The Abundant Heart",
  "Gratitude Capital: How Thankfulness Compounds",
  "The Billionaire's Daily Journal",
  "As a Man Thinketh",
  "Inner Wealth, Outer Riches",
  "Building Empires with a Quiet Mind",
  "The Spiritual Economics of Enough",
  "From Scarcity to Overflow: Rewriting Your Money Story",
  "The Visionary's Compass",
  "Mindful Millions: Presence in the Pursuit of Prosperity",
  "The Philanthropist's Path",
  "Golden Habits: Small Disciplines That Build Great Fortunes",
  "The Prosperous Soul",
  "Billionaire Decisions: Clarity Under Pressure",
  "Consciousness and Capital",
  "The Wealth Meditation Handbook",
  "Seeds of Fortune: Planting Intentions That Grow",
  "The Abundance Equation",
  "Purpose Before Profit, Profit Through Purpose",
  "The Invisible Balance Sheet: Character, Trust and Lasting Wealth",
  "Rich in Spirit",
  "The Silent Partner: Intuition in Business and Life",
  "Legacy Thinking: Wealth That Outlives You",
  "The Billionaire Within",
  "Flow and Fortune",
  "Faith & Fortune: Letters to a Young Builder",
  "Ten Thousand Blessings: A Gratitude Guide for Entrepreneurs",
  "The Calm Investor's Book of Days",
  "Vision, Faith and the First Billion",
  "The Courage to Prosper",
  "Wealth as Service: Leading with Generosity",
  "The Radiant Entrepreneur",
  "Abundance Affirmations for Every Season",
];

export const books: Book[] = /* @__PURE__ */ titles.map(book);
