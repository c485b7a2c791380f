import { readFileSync } from "node:fs";

/** A thread's nice value (Linux): field 19 of its stat line, counted after the parenthesised name. */
export function niceOf(tid: number | "thread-self"): number {
  const stat = readFileSync(
    tid === "thread-self" ? "/proc/thread-self/stat" : `/proc/self/task/${tid}/stat`,
    "utf8",
  );
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}
