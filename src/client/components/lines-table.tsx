import { formatMoney } from "@shared/format";

/** A line as a proposal or an invoice shows it; a proposal's lines say how they are billed. */
interface TableLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  /** A proposal's line: its note, and whether it is billed once or monthly. */
  detail?: string | null;
  billing?: "one-off" | "monthly";
}

/** "/mo" after a monthly amount. */
const per = (billing: TableLine["billing"]) => (billing === "monthly" ? "/mo" : "");

/**
 * The lines of a proposal or an invoice: a table from 640 px, a list of small cards below.
 * `itemHeading` names the first column ("Item" for a proposal, "Description" for an invoice).
 */
export function LinesTable({
  lines,
  caption,
  itemHeading = "Item",
}: {
  lines: TableLine[];
  caption: string;
  itemHeading?: string;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-border">
      <table className="w-full border-collapse text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-sand/60 max-sm:hidden">
          <tr>
            <th scope="col" className="px-4 py-2.5 text-xs font-semibold text-muted-foreground">
              {itemHeading}
            </th>
            <th
              scope="col"
              className="px-4 py-2.5 text-right text-xs font-semibold text-muted-foreground"
            >
              Qty
            </th>
            <th
              scope="col"
              className="px-4 py-2.5 text-right text-xs font-semibold text-muted-foreground"
            >
              Unit price
            </th>
            <th
              scope="col"
              className="px-4 py-2.5 text-right text-xs font-semibold text-muted-foreground"
            >
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {lines.map((line, index) => (
            <tr
              key={index}
              className="border-b border-border last:border-b-0 max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:justify-between max-sm:gap-x-3 max-sm:px-4 max-sm:py-3"
            >
              <td className="px-4 py-3 align-top max-sm:w-full max-sm:p-0">
                <span className="block font-medium break-words text-foreground">
                  {line.description}
                </span>
                {line.billing && (
                  <span className="mt-0.5 block text-xs text-muted-foreground">
                    {line.detail ? `${line.detail} · ` : ""}
                    {line.billing === "monthly" ? "Monthly" : "One-off"}
                  </span>
                )}
              </td>
              <td className="px-4 py-3 text-right align-top whitespace-nowrap tabular-nums max-sm:p-0 max-sm:pt-1 max-sm:text-muted-foreground">
                <span className="sm:hidden">Qty </span>
                {line.quantity}
                <span className="sm:hidden">
                  {" × "}
                  {formatMoney(line.unitPriceCents)}
                  {per(line.billing)}
                </span>
              </td>
              <td className="px-4 py-3 text-right align-top whitespace-nowrap tabular-nums max-sm:hidden">
                {formatMoney(line.unitPriceCents)}
                {per(line.billing)}
              </td>
              <td className="px-4 py-3 text-right align-top font-semibold whitespace-nowrap text-foreground tabular-nums max-sm:p-0 max-sm:pt-1">
                {formatMoney(line.amountCents)}
                {per(line.billing)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
