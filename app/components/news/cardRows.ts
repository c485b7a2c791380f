/**
 * Grid classes for a row of text cards that leave no column empty: five cards are 2 + 2 + 1 on
 * two columns and 3 + 2 on three, so the first card spans two columns there (a wider first story,
 * as newspapers set it) and every row ends at the right edge.
 */
export type CardRows = { grid: string; first: string };

const ROWS: Record<number, CardRows> = {
  1: { grid: "", first: "" },
  2: { grid: "sm:grid-cols-2", first: "" },
  3: { grid: "sm:grid-cols-2 lg:grid-cols-3", first: "sm:col-span-2 lg:col-span-1" },
  4: { grid: "sm:grid-cols-2 lg:grid-cols-4", first: "" },
  5: { grid: "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5", first: "sm:col-span-2 xl:col-span-1" },
};

/** The layout for `count` cards (home blocks hold at most five). */
export function cardRows(count: number): CardRows {
  return ROWS[Math.min(Math.max(count, 1), 5)] as CardRows;
}
