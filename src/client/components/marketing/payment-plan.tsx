import type { PaymentStage } from "@content/pricing";

const barColors = ["bg-gold-500", "bg-gold-300", "bg-gold-700"];

/** The payment stages of a large project: a proportional bar and the stages in order. */
export function PaymentPlan({
  labelledBy,
  stages,
}: {
  labelledBy: string;
  stages: PaymentStage[];
}) {
  return (
    <div>
      <div aria-hidden="true" className="flex h-3 gap-1 overflow-hidden rounded-full">
        {stages.map((stage, index) => (
          <span
            key={stage.label}
            className={`${barColors[index % barColors.length]} h-full basis-0`}
            style={{ flexGrow: Number.parseFloat(stage.share) || 1 }}
          />
        ))}
      </div>
      <ol aria-labelledby={labelledBy} className="mt-6 grid gap-4 sm:grid-cols-3">
        {stages.map((stage, index) => (
          <li
            key={stage.label}
            className="grid grid-cols-[5.25rem_1fr] items-baseline gap-x-3 rounded-2xl border border-border bg-card p-5 sm:block"
          >
            <span
              aria-hidden="true"
              className={`hidden h-1 w-8 rounded-full sm:block ${barColors[index % barColors.length]}`}
            />
            <p className="contents text-foreground sm:mt-4 sm:block">
              <span className="row-span-2 block font-display text-4xl font-semibold tracking-tight text-foreground">
                {stage.share}
              </span>{" "}
              <span className="block font-semibold text-foreground sm:mt-1">{stage.label}</span>
            </p>
            <p className="col-start-2 mt-1 text-sm leading-relaxed text-muted-foreground sm:mt-2">
              {stage.detail}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
