/** A round step (1, 2 or 5 times a power of ten) close to `rough`. */
const niceStep = (rough: number): number => {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
};

/**
 * Axis ticks from 0 to a round top at or above `max`, about `count` steps apart. Whole
 * numbers (call counts) never get fractional ticks; an all-zero series still gets an axis.
 */
export function axisTicks(max: number, count = 4, wholeNumbers = true): number[] {
  if (!(max > 0)) return [0, 1];
  let step = niceStep(max / count);
  if (wholeNumbers) step = Math.max(1, Math.round(step));
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}
