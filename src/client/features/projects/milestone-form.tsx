import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  milestoneInputSchema,
  milestoneStatuses,
  type Milestone,
  type ProjectDetail,
} from "@shared/schemas/projects";
import { z } from "@shared/schemas/zod";
import { optionalDate } from "@shared/schemas/fields";
import { Field, fieldAria } from "@/components/form-field";
import { toDateInput } from "@shared/format";
import { SelectControl } from "@/components/select-control";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { showServerErrors } from "@/lib/server-errors";
import { useAddMilestone, useSaveMilestone } from "./api";
import { milestoneStatusLabel } from "./project-parts";

/** The milestone form's text fields, checked by the shared schema (an empty date is none). */
const milestoneFormSchema = z.object({
  name: milestoneInputSchema.shape.name,
  status: milestoneInputSchema.shape.status,
  dueDate: z.union([z.literal("").transform(() => null), optionalDate()]),
  notes: milestoneInputSchema.shape.notes,
});
type MilestoneFormValues = z.input<typeof milestoneFormSchema>;
type MilestoneFormOutput = z.output<typeof milestoneFormSchema>;
const milestoneFields = ["name", "status", "dueDate", "notes"];

/** Add a milestone (no `milestone`) or change one: name, status, due date, notes. */
export function MilestoneForm({
  project,
  milestone,
  onDone,
}: {
  project: ProjectDetail;
  milestone?: Milestone;
  onDone: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const add = useAddMilestone(project.id);
  const save = useSaveMilestone(project.id);
  const pending = add.isPending || save.isPending;
  const form = useForm<MilestoneFormValues, unknown, MilestoneFormOutput>({
    resolver: zodResolver(milestoneFormSchema),
    defaultValues: {
      name: milestone?.name ?? "",
      status: milestone?.status ?? "upcoming",
      dueDate: toDateInput(milestone?.dueDate ?? null),
      notes: milestone?.notes ?? "",
    },
  });
  const { errors } = form.formState;
  const title = milestone ? `Edit ${milestone.name}` : "Add a milestone";

  const onSubmit = form.handleSubmit(async (values) => {
    if (pending) return;
    // The API takes notes as text; empty text is none.
    const input = { ...values, notes: values.notes ?? "" };
    try {
      if (milestone) await save.mutateAsync({ ...input, id: milestone.id });
      else await add.mutateAsync(input);
      toast({ title: milestone ? "Milestone saved" : "Milestone added" });
      onDone();
    } catch (error) {
      showServerErrors(error, form.setError, milestoneFields);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="rounded-xl border border-gold-300 bg-gold-50/50 p-4"
    >
      <p className="mb-4 text-sm font-semibold text-foreground">{title}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("name")} label="Name" error={errors.name?.message}>
          <Input
            {...fieldAria(id("name"), errors.name?.message)}
            {...form.register("name")}
            maxLength={100}
            autoComplete="off"
          />
        </Field>
        <Field id={id("status")} label="Status" error={errors.status?.message}>
          <SelectControl
            control={form.control}
            name="status"
            options={milestoneStatuses.map((status) => ({
              value: status,
              label: milestoneStatusLabel(status, "staff"),
            }))}
            aria={fieldAria(id("status"), errors.status?.message)}
          />
        </Field>
        <Field id={id("due")} label="Due date" error={errors.dueDate?.message}>
          <Input
            {...fieldAria(id("due"), errors.dueDate?.message)}
            {...form.register("dueDate")}
            type="date"
          />
        </Field>
        <Field
          id={id("notes")}
          label="Notes"
          hint="The client reads these notes in their portal."
          error={errors.notes?.message}
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldAria(id("notes"), errors.notes?.message, true)}
            {...form.register("notes")}
            rows={3}
            maxLength={5000}
          />
        </Field>
      </div>
      {errors.root?.server && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" aria-disabled={pending || undefined}>
          {pending ? "Saving..." : milestone ? "Save milestone" : "Add milestone"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
