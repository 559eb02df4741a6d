import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { projectUpdateInputSchema, type ProjectDetail } from "@shared/schemas/projects";
import { z } from "@shared/schemas/zod";
import { Field, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { showServerErrors } from "@/lib/server-errors";
import { usePostUpdate } from "./api";

type UpdateFormValues = z.input<typeof projectUpdateInputSchema>;
type UpdateFormOutput = z.output<typeof projectUpdateInputSchema>;

/** Post an update: every member of the client is emailed it. */
export function PostUpdateForm({ project }: { project: ProjectDetail }) {
  const prefix = useId();
  const post = usePostUpdate(project.id);
  const form = useForm<UpdateFormValues, unknown, UpdateFormOutput>({
    resolver: zodResolver(projectUpdateInputSchema),
    defaultValues: { body: "", previewUrl: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (post.isPending) return;
    try {
      await post.mutateAsync({ body: values.body, previewUrl: values.previewUrl ?? undefined });
      toast({ title: "Update posted", description: `${project.companyName} is emailed it.` });
      form.reset();
    } catch (error) {
      showServerErrors(error, form.setError, ["body", "previewUrl"]);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Post an update on ${project.name}`}>
      <div className="grid gap-4">
        <Field
          id={`${prefix}-body`}
          label="Update"
          hint="The client reads it in their portal and gets it by email."
          error={errors.body?.message}
        >
          <Textarea
            {...fieldAria(`${prefix}-body`, errors.body?.message, true)}
            {...form.register("body")}
            rows={3}
            maxLength={5000}
          />
        </Field>
        <Field
          id={`${prefix}-preview`}
          label="Preview link (optional)"
          error={errors.previewUrl?.message}
        >
          <Input
            {...fieldAria(`${prefix}-preview`, errors.previewUrl?.message)}
            {...form.register("previewUrl")}
            type="url"
            inputMode="url"
            placeholder="https://preview.example.com"
            autoComplete="off"
          />
        </Field>
      </div>
      {errors.root?.server && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <Button type="submit" className="mt-4" aria-disabled={post.isPending || undefined}>
        <Send aria-hidden="true" />
        {post.isPending ? "Posting..." : "Post update"}
      </Button>
    </form>
  );
}
