import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Rocket } from "lucide-react";
import { footerServices } from "@content/site";
import type { ProjectDetail } from "@shared/schemas/projects";
import { websiteInputSchema } from "@shared/schemas/websites";
import { z } from "@shared/schemas/zod";
import { Field, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { showServerErrors } from "@/lib/server-errors";
import { useLaunchWebsite, useProposedPlan } from "./api";

const launchSchema = z.object({
  domain: websiteInputSchema.shape.domain,
  plan: websiteInputSchema.shape.plan,
});
const planSuggestions = footerServices.map((service) => service.label);

/** At launch: the client's website row, active, so hosting follows the build. */
export function LaunchForm({ project }: { project: ProjectDetail }) {
  const prefix = useId();
  const launch = useLaunchWebsite(project.id, project.companyId);
  const form = useForm<z.input<typeof launchSchema>, unknown, z.output<typeof launchSchema>>({
    resolver: zodResolver(launchSchema),
    defaultValues: { domain: "", plan: "" },
  });
  const { errors } = form.formState;
  // The plan the client accepted in the proposal, unless staff already typed one.
  const proposedPlan = useProposedPlan(project.proposalId);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (proposedPlan && !getValues("plan")) setValue("plan", proposedPlan);
  }, [proposedPlan, getValues, setValue]);
  const onSubmit = form.handleSubmit(async (values) => {
    if (launch.isPending) return;
    try {
      await launch.mutateAsync(values);
      toast({
        title: "Website created",
        description: `${values.domain} is active in ${project.companyName}'s portal.`,
      });
    } catch (error) {
      showServerErrors(error, form.setError, ["domain", "plan"]);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Create the website of ${project.name}`}>
      <p className="mb-3 text-sm text-muted-foreground">
        At launch, create the client&apos;s website (active): it shows under their websites and
        hosting follows the build.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${prefix}-domain`} label="Domain" error={errors.domain?.message}>
          <Input
            {...fieldAria(`${prefix}-domain`, errors.domain?.message)}
            {...form.register("domain")}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field id={`${prefix}-plan`} label="Plan" error={errors.plan?.message}>
          <Input
            {...fieldAria(`${prefix}-plan`, errors.plan?.message)}
            {...form.register("plan")}
            list={`${prefix}-plans`}
            autoComplete="off"
          />
          <datalist id={`${prefix}-plans`}>
            {planSuggestions.map((plan) => (
              <option key={plan} value={plan} />
            ))}
          </datalist>
        </Field>
      </div>
      {errors.root?.server && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errors.root.server.message}
        </p>
      )}
      <Button
        type="submit"
        variant="outline"
        className="mt-4"
        aria-disabled={launch.isPending || undefined}
      >
        <Rocket aria-hidden="true" />
        {launch.isPending ? "Creating..." : "Create website"}
      </Button>
    </form>
  );
}
