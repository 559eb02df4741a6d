import { useState } from "react";
import { Plus } from "lucide-react";
import { pricingPlans, type PricingPlan } from "@content/pricing";
import type { LineItem } from "@/components/line-items-editor";
import { centsToDollarText, parseCataloguePrice } from "@/components/money";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";

/**
 * A line from the catalogue: "<plan name>: <example type>", the example's pages as its detail,
 * monthly when the plan is billed per month, priced at the example's first figure.
 */
export function catalogueLine(plan: PricingPlan, exampleIndex: number): LineItem {
  const example = plan.examples[exampleIndex];
  if (!example) throw new RangeError(`no example ${exampleIndex} in ${plan.id}`);
  const cents = parseCataloguePrice(example.price) ?? 0;
  return {
    description: `${plan.name}: ${example.type}`,
    detail: example.pages,
    planId: plan.id,
    billing: plan.period === "/mo" ? "monthly" : "one-off",
    quantity: "1",
    price: centsToDollarText(cents),
  };
}

const catalogue = pricingPlans.flatMap((plan) =>
  plan.examples.map((example, index) => ({
    value: `${plan.id}:${index}`,
    plan,
    index,
    label: `${plan.name}: ${example.type}`,
    price: `${example.price}${plan.period ?? ""}`,
  })),
);

/** "Add from catalogue": every example of the pricing page, with its price, as a line. */
export function CataloguePicker({ onPick }: { onPick: (line: LineItem) => void }) {
  // Reset after each pick, so the same item can be added twice.
  const [round, setRound] = useState(0);
  return (
    <Select
      key={round}
      onValueChange={(value) => {
        const item = catalogue.find((entry) => entry.value === value);
        if (item) onPick(catalogueLine(item.plan, item.index));
        setRound((n) => n + 1);
      }}
    >
      <SelectTrigger
        aria-label="Add from catalogue"
        className="w-full rounded-full font-medium data-[placeholder]:text-foreground sm:w-60 [&>span]:flex-1"
      >
        <Plus className="size-4 shrink-0" aria-hidden="true" />
        <SelectValue placeholder="Add from catalogue" />
      </SelectTrigger>
      <SelectContent>
        {catalogue.map((item) => (
          <SelectItem key={item.value} value={item.value}>
            {item.label}
            <span className="ml-2 text-muted-foreground">{item.price}</span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
