import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/**
 * Lowers the CPU priority of the calling thread only. On Linux the nice value belongs to a thread,
 * and setpriority() given a thread id changes just that thread, so the ingest worker can yield the
 * cores to the thread that answers readers while both want them. Elsewhere (no /proc/thread-self)
 * nothing changes. Never raises a priority: a thread already nicer than asked stays so. Returns the
 * thread's id when it worked.
 */
export function lowerThreadPriority(nice: number): number | undefined {
  if (nice <= 0) return undefined;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return undefined;
    if (getPriority(tid) < nice) setPriority(tid, nice);
    return tid;
  } catch {
    return undefined;
  }
}
