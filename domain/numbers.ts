/**
 * "12,400": en-US digit grouping for a whole number. toLocaleString would load ICU's number data
 * in the browser (a long task on a phone, see dates.ts) for a comma.
 */
export function formatCount(n: number): string {
  const whole = Math.trunc(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return whole < 0 ? `-${digits}` : digits;
}
