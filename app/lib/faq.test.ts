import { describe, expect, it } from "vitest";
import { FAQ_CATEGORIES, FAQ_FILTERS, type Faq, faqs } from "#content/faqs.ts";
import { faqCounter, filterFaqs, isFaqFilter } from "./faq.ts";

const items: Faq[] = [
  { id: "a", category: "Charging", question: "How fast is a DC charger?", answer: "Very fast." },
  { id: "b", category: "Incentives", question: "Is there a credit?", answer: "Up to $7,500 for new cars." },
  { id: "c", category: "Charging", question: "Can I charge at home?", answer: "Yes, with a Level 2 unit." },
  {
    id: "d",
    category: "Policy",
    question: "Who regulates chargers?",
    answer: "States and the federal government.",
  },
];

describe("the seeded FAQs", () => {
  it("are five, with unique ids and known categories", () => {
    expect(faqs).toHaveLength(5);
    expect(new Set(faqs.map((f) => f.id)).size).toBe(5);
    for (const f of faqs) expect(FAQ_CATEGORIES).toContain(f.category);
  });

  it("carry the spec's federal credit text", () => {
    expect(faqs.map((f) => f.answer).join(" ")).toContain(
      "up to $7,500 for new and $4,000 for used vehicles",
    );
  });

  it("offer the spec's category filters, in order", () => {
    expect(FAQ_FILTERS).toEqual([
      "All",
      "About Us",
      "Content",
      "Charging",
      "Incentives",
      "Technology",
      "Local News",
      "Vehicle Reviews",
      "Environmental",
      "Policy",
    ]);
  });
});

describe("filterFaqs", () => {
  it("returns everything for an empty search and All", () => {
    expect(filterFaqs(items, "", "All")).toEqual(items);
    expect(filterFaqs(items, "   ", "All")).toEqual(items);
  });

  it("searches questions and answers, case-insensitively", () => {
    expect(filterFaqs(items, "CHARGE", "All").map((f) => f.id)).toEqual(["a", "c", "d"]);
    expect(filterFaqs(items, "level 2", "All").map((f) => f.id)).toEqual(["c"]);
    expect(filterFaqs(items, "$7,500", "All").map((f) => f.id)).toEqual(["b"]);
  });

  it("ignores accents", () => {
    const accented: Faq[] = [{ id: "x", category: "Content", question: "Café chargers?", answer: "Some." }];
    expect(filterFaqs(accented, "cafe", "All")).toHaveLength(1);
  });

  it("filters by category", () => {
    expect(filterFaqs(items, "", "Charging").map((f) => f.id)).toEqual(["a", "c"]);
    expect(filterFaqs(items, "", "Vehicle Reviews")).toEqual([]);
  });

  it("combines search and category", () => {
    expect(filterFaqs(items, "home", "Charging").map((f) => f.id)).toEqual(["c"]);
    expect(filterFaqs(items, "federal", "Charging")).toEqual([]);
    expect(filterFaqs(items, "federal", "Policy").map((f) => f.id)).toEqual(["d"]);
  });
});

describe("faqCounter and isFaqFilter", () => {
  it("words the counter as the spec does", () => {
    expect(faqCounter(2, 5)).toBe("Showing 2 of 5 FAQs");
  });

  it("accepts only known filters", () => {
    expect(isFaqFilter("Charging")).toBe(true);
    expect(isFaqFilter("All")).toBe(true);
    expect(isFaqFilter("charging")).toBe(false);
    expect(isFaqFilter(null)).toBe(false);
  });
});
