import { useState } from "react";
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
 * the field to "" (a select item cannot have an empty value itself). `onChange` hears a choice
 * once the field holds it (to fill other fields from it).
 *
 * The choices are rendered once the select is approached (pointed at, touched or focused) or
 * holds a value. Radix renders a closed select's items into a detached fragment after it mounts,
 * in a second, synchronous render that also gives the fragment all of React's event listeners:
 * on the project application, three selects made that the longest task of the page's start.
 */
export function SelectControl<T extends FieldValues, TContext, TOutput extends FieldValues>({
  control,
  name,
  options,
  placeholder,
  noneLabel,
  aria,
  onChange,
}: {
  /** The form's control, whatever its resolver turns the values into. */
  control: Control<T, TContext, TOutput>;
  name: FieldPath<T>;
  options: readonly Option[];
  placeholder?: string;
  noneLabel?: string;
  aria: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
  onChange?: (value: string) => void;
}) {
  const [approached, setApproached] = useState(false);
  const approach = () => setApproached(true);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          name={field.name}
          value={(field.value || (noneLabel ? NONE : "")) as string}
          onValueChange={(value) => {
            field.onChange(value === NONE ? "" : value);
            onChange?.(value === NONE ? "" : value);
          }}
          disabled={field.disabled}
        >
          <SelectTrigger
            {...aria}
            ref={field.ref}
            onBlur={field.onBlur}
            onFocus={approach}
            onPointerEnter={approach}
            onPointerDown={approach}
          >
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          {(approached || Boolean(field.value) || Boolean(noneLabel)) && (
            <SelectContent>
              {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          )}
        </Select>
      )}
    />
  );
}
