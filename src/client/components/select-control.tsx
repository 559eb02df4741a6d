import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import type { Option } from "@/components/filters";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";

/**
 * A select bound to one field of a react-hook-form form: the trigger takes the field's ref and
 * blur (so a refused submit focuses it) and `aria`, the props tying it to its label and error
 * (fieldAria, or what FormField hands its control).
 */
export function SelectControl<T extends FieldValues, TContext, TOutput extends FieldValues>({
  control,
  name,
  options,
  placeholder,
  aria,
}: {
  /** The form's control, whatever its resolver turns the values into. */
  control: Control<T, TContext, TOutput>;
  name: FieldPath<T>;
  options: readonly Option[];
  placeholder?: string;
  aria: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          name={field.name}
          value={field.value ?? ""}
          onValueChange={field.onChange}
          disabled={field.disabled}
        >
          <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
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
