/**
 * `node --import ./tests/e2e/support/shift-clock.ts …` with CLOCK_SHIFT_DAYS=N: the process's
 * clock (Date) runs N days ahead. The newsletter CLI makes one edition per day; a test that needs
 * a second edition from the same server runs the CLI "tomorrow".
 */
const shiftMs = Number(process.env.CLOCK_SHIFT_DAYS ?? 0) * 86_400_000;

if (shiftMs !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [string | number | Date] | [number, number, ...number[]]) {
      if (args.length === 0) super(RealDate.now() + shiftMs);
      else super(...(args as [number, number]));
    }
    static override now() {
      return RealDate.now() + shiftMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
