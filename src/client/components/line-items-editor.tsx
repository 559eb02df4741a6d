import { useId, type ReactNode } from "react";
import {
  useFieldArray,
  useFormState,
  useWatch,
  type Control,
  type FieldValues,
  type UseFormRegister,
  type UseFormReturn,
} from "react-hook-form";
import { Trash2 } from "lucide-react";
import { lineAmount } from "@shared/invoice-math";
import { Field, fieldAria } from "@/components/form-field";
import { formatMoney } from "@shared/format";
import { dollarsToCents, parseQuantity } from "@/components/money";
import { SelectControl } from "@/components/select-control";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/*
 * The lines of a proposal or an invoice as staff write them, inside a react-hook-form form whose
 * values hold `lines`. A proposal's lines are billed once or monthly and carry a detail; an
 * invoice's are a description, a quantity and a price.
 */

/** A line as its fields hold it: the quantity and the price as typed. */
export interface LineItem {
  description: string;
  /** A short note under the description (a proposal's lines). */
  detail: string;
  /** The catalogue plan it was taken from, or null for a line written by hand. */
  planId: string | null;
  billing: "one-off" | "monthly";
  quantity: string;
  price: string;
}

/** A blank line: one-off, quantity 1. */
export const blankLineItem = (): LineItem => ({
  description: "",
  detail: "",
  planId: null,
  billing: "one-off",
  quantity: "1",
  price: "",
});

/** A line's amount in cents, or null while its quantity or price cannot be read. */
export function lineItemAmount(line: Pick<LineItem, "quantity" | "price">): number | null {
  const quantity = parseQuantity(line.quantity);
  const unitPriceCents = dollarsToCents(line.price);
  return quantity === null || unitPriceCents === null
    ? null
    : lineAmount({ quantity, unitPriceCents });
}

/** The form values the editor works on. */
interface LinesValues {
  lines: LineItem[];
}

const billingOptions = [
  { value: "one-off", label: "One-off" },
  { value: "monthly", label: "Monthly" },
];

/**
 * Each kind of line's grid: a proposal's six fields wrap on two rows from 1024 px; an invoice's
 * four fit one row from 640 px, so its quantity is "Qty".
 */
const layouts = {
  billed: {
    grid: "grid gap-4 sm:grid-cols-2 lg:grid-cols-6",
    description: "sm:col-span-2 lg:col-span-4",
    quantityLabel: "Quantity",
    price: "lg:col-span-2",
    amount: "flex flex-col justify-end gap-2 sm:text-right lg:col-span-1",
    amountValue: "min-h-11 sm:justify-end",
  },
  simple: {
    grid: "grid grid-cols-2 gap-4 sm:grid-cols-[minmax(0,1fr)_6rem_9rem] lg:grid-cols-[minmax(0,1fr)_6rem_10rem_8rem]",
    description: "col-span-2 sm:col-span-3 lg:col-span-1",
    quantityLabel: "Qty",
    price: undefined,
    amount:
      "col-span-2 flex items-center justify-between gap-2 sm:col-span-1 sm:flex-col sm:items-end sm:justify-end",
    amountValue: "sm:min-h-11",
  },
};

interface LineOptions {
  /** Lines billed once or monthly, with a detail (a proposal's). */
  billed: boolean;
  /** The fewest lines there may be: no Remove button takes the count below it. */
  minLines: number;
  placeholders: { description?: string; price: string };
}

function LineFields({
  index,
  count,
  control,
  register,
  onRemove,
  options: { billed, minLines, placeholders },
}: {
  index: number;
  count: number;
  control: Control<LinesValues>;
  register: UseFormRegister<LinesValues>;
  onRemove: () => void;
  options: LineOptions;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const line = useWatch({ control, name: `lines.${index}` });
  const { errors } = useFormState({ control, name: `lines.${index}` });
  const error = (name: keyof LineItem) => errors.lines?.[index]?.[name]?.message;
  const layout = billed ? layouts.billed : layouts.simple;
  const amount = lineItemAmount(line);
  const monthly = line.billing === "monthly";
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="mb-3 flex min-h-9 items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Line {index + 1}
          {line.planId && <span className="ml-2 normal-case">· from the catalogue</span>}
        </p>
        {count > minLines && (
          <Button
            type="button"
            variant="destructive-ghost"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove line ${index + 1}`}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <div className={layout.grid}>
        <Field
          id={id("description")}
          label="Description"
          error={error("description")}
          className={layout.description}
        >
          <Input
            {...fieldAria(id("description"), error("description"))}
            {...register(`lines.${index}.description`)}
            maxLength={200}
            placeholder={placeholders.description}
          />
        </Field>
        {billed && (
          <>
            <Field
              id={id("detail")}
              label="Detail"
              error={error("detail")}
              className="sm:col-span-2 lg:col-span-2"
            >
              <Input
                {...fieldAria(id("detail"), error("detail"))}
                {...register(`lines.${index}.detail`)}
                maxLength={100}
                placeholder="Optional"
              />
            </Field>
            <Field id={id("billing")} label="Billing" className="lg:col-span-2">
              <SelectControl
                control={control}
                name={`lines.${index}.billing`}
                options={billingOptions}
                aria={{ id: id("billing") }}
              />
            </Field>
          </>
        )}
        <Field id={id("quantity")} label={layout.quantityLabel} error={error("quantity")}>
          <Input
            {...fieldAria(id("quantity"), error("quantity"))}
            {...register(`lines.${index}.quantity`)}
            inputMode="numeric"
            maxLength={4}
          />
        </Field>
        <Field
          id={id("price")}
          label={monthly ? "Unit price ($/mo)" : "Unit price ($)"}
          error={error("price")}
          className={layout.price}
        >
          <Input
            {...fieldAria(id("price"), error("price"))}
            {...register(`lines.${index}.price`)}
            inputMode="decimal"
            placeholder={placeholders.price}
          />
        </Field>
        <div className={layout.amount}>
          <span className="text-sm font-medium text-muted-foreground">Amount</span>
          <span
            className={cn(
              "flex items-center font-semibold text-foreground tabular-nums",
              layout.amountValue,
            )}
          >
            {amount === null ? "—" : formatMoney(amount)}
            {amount !== null && monthly && "/mo"}
          </span>
        </div>
      </div>
    </li>
  );
}

/**
 * The lines of the form's `lines` field, one card each with its Remove button, and what the form
 * says of them as a whole ("Add at least one line"). `footer` gets `add` for the buttons that add
 * a line, and the number of lines; `empty` shows while there are none.
 */
export function LineItemsEditor<T extends FieldValues & LinesValues, TOutput>({
  form,
  billed = false,
  minLines = 0,
  placeholders,
  empty,
  footer,
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  billed?: boolean;
  minLines?: number;
  placeholders: LineOptions["placeholders"];
  empty?: ReactNode;
  footer: (add: (line: LineItem) => void, count: number) => ReactNode;
}) {
  // The editor reads and writes only `lines`, whatever else the form holds.
  const { control, register } = form as unknown as UseFormReturn<LinesValues>;
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const { errors } = useFormState({ control, name: "lines" });
  const whole = errors.lines?.message ?? errors.lines?.root?.message;
  const options = { billed, minLines, placeholders };
  return (
    <>
      {fields.length === 0 && empty ? (
        empty
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Lines">
          {fields.map((field, index) => (
            <LineFields
              key={field.id}
              index={index}
              count={fields.length}
              control={control}
              register={register}
              onRemove={() => remove(index)}
              options={options}
            />
          ))}
        </ol>
      )}
      {whole && (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {whole}
        </p>
      )}
      {footer((line) => append(line, { shouldFocus: false }), fields.length)}
    </>
  );
}
