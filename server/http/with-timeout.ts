/**
 * `promise`, or a rejection with `late()`'s error once `ms` have passed; the timer is cleared
 * either way. The promise itself runs on: a caller that stops waiting should handle its outcome.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
