import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import type { Option } from "@/components/filters";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";

const NONE = "none";

/**
 * A select bound to one field of a react-hook-form form: the trigger takes the field's ref and
 * blur (so a refused submit focuses it) and `aria`, the props tying it to its label and error
 * (fieldAria, or what FormField hands its control). `noneLabel` adds a first choice that sets
 * the field to "" (a select item cannot have an empty value itself).
 */
export function SelectControl<T extends FieldValues, TContext, TOutput extends FieldValues>({
  control,
  name,
  options,
  placeholder,
  noneLabel,
  aria,
}: {
  /** The form's control, whatever its resolver turns the values into. */
  control: Control<T, TContext, TOutput>;
  name: FieldPath<T>;
  options: readonly Option[];
  placeholder?: string;
  noneLabel?: string;
  aria: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          name={field.name}
          value={(field.value || (noneLabel ? NONE : "")) as string}
          onValueChange={(value) => field.onChange(value === NONE ? "" : value)}
          disabled={field.disabled}
        >
          <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
