const glowFrom = {
  top: "bg-[radial-gradient(ellipse_at_top,rgb(212_175_55/0.2),transparent_60%)]",
  "top-right": "bg-[radial-gradient(ellipse_at_top_right,rgb(212_175_55/0.2),transparent_60%)]",
} as const;

/**
 * The soft gold light in a dark card, behind its content. The card must be `relative isolate`
 * so the light stays above the card's own background.
 */
export function GoldGlow({ from }: { from: keyof typeof glowFrom }) {
  return (
    <div
      className={`pointer-events-none absolute inset-0 -z-10 ${glowFrom[from]}`}
      aria-hidden="true"
    />
  );
}
