/** Formatting numbers for people. */

/**
 * A whole number with commas between groups of three digits ("26,274"). The same as
 * `toLocaleString('en-US')` for whole numbers, without loading the locale data, which costs
 * more than a quick search takes.
 */
export function groupThousands(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}
