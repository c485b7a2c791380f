import { describe, expect, it } from "vitest";
import { toFtsQuery } from "#server/store/sqlite/feed-store.server.ts";
import { highlight, searchDocument, searchKey, snippet, toSearchTerms } from "./search-text.ts";

describe("PostgreSQL search text", () => {
  it("folds case, accents and compatibility forms into plain words", () => {
    expect(searchDocument("Café ÉLECTRIQUE, the ﬁrst—solid-state (2024)!")).toBe(
      "cafe electrique the first solid state 2024",
    );
    // An accent written as a combining mark is the same word.
    expect(searchDocument("Cafe\u0301")).toBe("cafe");
  });

  it("turns any input into a safe tsquery: words only, all required, the last a prefix", () => {
    expect(toSearchTerms('solid "state" OR batt*')?.tsquery).toBe("'solid' & 'state' & 'or' & 'batt':*");
    expect(toSearchTerms("'; DROP TABLE articles; --")?.tsquery).toBe("'drop' & 'table' & 'articles':*");
    expect(toSearchTerms("  -- ( ) * ")).toBeUndefined();
    expect(toSearchTerms("Électrique")?.words).toEqual(["electrique"]);
    // A one- or two-letter last word is a word, not a prefix of hundreds of terms.
    expect(toSearchTerms("electric ca")?.tsquery).toBe("'electric' & 'ca'");
    expect(toSearchTerms("car")?.tsquery).toBe("'car':*");
  });

  it("gives equivalent searches one key: the words both stores search for, folded", () => {
    const same = ["seeded", "seeded!", "seeded?", '"seeded', "^seeded", "seeded*", "  SEEDED ", "Seeded."];
    for (const q of same) expect(searchKey(q), q).toBe("seeded");
    // Both stores reduce each of these to the same search (SQLite's index folds case itself).
    for (const q of same) expect(toFtsQuery(q)?.toLowerCase(), q).toBe('"seeded"*');
    expect(searchKey("Électrique  cars")).toBe("electrique cars");
    expect(searchKey("seeded cars")).not.toBe(searchKey("seeded"));
    expect(searchKey("cars seeded")).not.toBe(searchKey("seeded cars"));
    expect(searchKey("?!*")).toBe("");
  });

  it("marks whole words that match, the last search word as a prefix, accents or not", () => {
    const terms = toSearchTerms("cafe elec")?.words ?? [];
    expect(highlight("Café électrique opens; a café-bar", terms)).toEqual([
      { text: "Café", match: true },
      { text: " ", match: false },
      { text: "électrique", match: true },
      { text: " opens; a ", match: false },
      { text: "café", match: true },
      { text: "-bar", match: false },
    ]);
    // "cafe" is not the last word: no prefix match on "cafeteria".
    expect(highlight("cafeteria", terms)).toEqual([{ text: "cafeteria", match: false }]);
  });

  it("cuts a long excerpt to the words around the matches, with ellipses", () => {
    const text = Array.from({ length: 60 }, (_, i) => (i === 40 ? "battery" : `w${i}`)).join(" ");
    const parts = snippet(text, ["battery"]);
    const joined = parts.map((p) => p.text).join("");
    expect(joined.startsWith("…")).toBe(true);
    expect(joined.split(" ").filter((w) => w !== "…").length).toBeLessThanOrEqual(25);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(["battery"]);
    expect(joined.endsWith("…")).toBe(true);
    // Short text comes back whole.
    expect(
      snippet("a short battery note", ["battery"])
        .map((p) => p.text)
        .join(""),
    ).toBe("a short battery note");
  });
});
