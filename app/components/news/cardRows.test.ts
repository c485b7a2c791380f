import { describe, expect, it } from "vitest";
import { cardRows } from "./cardRows.ts";

/** Columns at each breakpoint (sm, lg, xl) a class string gives, and the first card's span there. */
function columns(grid: string, at: "sm" | "lg" | "xl"): number {
  const order = ["sm", "lg", "xl"];
  let cols = 1;
  for (const bp of order.slice(0, order.indexOf(at) + 1)) {
    const m = grid.match(new RegExp(`(?:^| )${bp}:grid-cols-(\\d)`));
    if (m) cols = Number(m[1]);
  }
  return cols;
}
function span(first: string, at: "sm" | "lg" | "xl"): number {
  const order = ["sm", "lg", "xl"];
  let s = 1;
  for (const bp of order.slice(0, order.indexOf(at) + 1)) {
    const m = first.match(new RegExp(`(?:^| )${bp}:col-span-(\\d)`));
    if (m) s = Number(m[1]);
  }
  return s;
}

describe("cardRows", () => {
  for (const count of [1, 2, 3, 4, 5]) {
    it(`${count} cards fill every row at every width`, () => {
      const { grid, first } = cardRows(count);
      for (const at of ["sm", "lg", "xl"] as const) {
        const cols = columns(grid, at);
        const cells = count - 1 + span(first, at);
        expect(cells % cols, `${count} cards at ${at}: ${cols} columns`).toBe(0);
      }
    });
  }
});
