/**
 * The uptime chart's y axis, [min, 100]: close to 100 on good days so 99.4% and 99.9% differ,
 * and always far enough below the worst day that its bar stands a fifth of the chart or more
 * (a 75% day is a bar, not a sliver under the axis's floor).
 */
export function uptimeAxisRange(percents: number[]): [number, number] {
  const worst = Math.min(100, ...percents);
  const raw = worst - Math.max(0.5, (100 - worst) * 0.25);
  const span = 100 - raw;
  const step = span <= 2 ? 0.5 : span <= 10 ? 1 : span <= 30 ? 5 : 10;
  return [Math.max(0, Math.min(99, Math.floor(raw / step) * step)), 100];
}
