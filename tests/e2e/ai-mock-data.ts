/** What the local AI mock (ai-mock.ts) answers; the specs import it without starting the mock. */
export const MOCK_FAQS = [
  {
    question: "Can I tow a trailer with an electric pickup?",
    answer: "Yes. Most electric pickups are rated to tow, though towing shortens range noticeably.",
    category: "Vehicle Reviews",
  },
  {
    question: "Do electric cars need oil changes?",
    answer: "No. They have no engine oil, but tires, brakes, coolant and cabin filters still need service.",
    category: "EV Maintenance",
  },
  {
    question: "How long does it take to charge an electric car?",
    answer: "A repeat of a seeded question: it must be skipped.",
    category: "Charging",
  },
];
