import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { UseMutationResult } from "@tanstack/react-query";
import {
  BILLING_ADDRESS_LINES,
  billingAddressSchema,
  type Billing,
  type BillingAddressInput,
} from "@shared/schemas/billing";
import { Field, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { showServerErrors } from "@/lib/server-errors";

/**
 * The billing address a company's invoices, credit notes and proposals print under its name:
 * the same form for the client (Billing tab) and for staff (the client's page).
 */
export function BillingAddressForm({
  billing,
  save,
  hint,
}: {
  billing: Billing;
  save: UseMutationResult<Billing, unknown, BillingAddressInput>;
  hint: string;
}) {
  const id = `${useId()}-billing-address`;
  const form = useForm<BillingAddressInput>({
    resolver: zodResolver(billingAddressSchema),
    values: { billingAddress: billing.billingAddress ?? "" },
  });
  const error = form.formState.errors.billingAddress?.message;
  const onSubmit = form.handleSubmit(async (values) => {
    if (save.isPending) return;
    try {
      const saved = await save.mutateAsync(values);
      toast({
        title: saved.billingAddress ? "Billing address saved" : "Billing address removed",
        description: "Invoices from now on print it.",
      });
    } catch (failure) {
      showServerErrors(failure, form.setError, ["billingAddress"]);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Billing address">
      <Field id={id} label="Billing address" hint={hint} error={error}>
        <Textarea
          {...fieldAria(id, error, true)}
          {...form.register("billingAddress")}
          rows={Math.min(BILLING_ADDRESS_LINES, 4)}
          maxLength={400}
          autoComplete="street-address"
          placeholder={"1204 Market Street\nTacoma, WA 98402"}
        />
      </Field>
      {form.formState.errors.root?.server && (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {form.formState.errors.root.server.message}
        </p>
      )}
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="mt-3"
        aria-disabled={save.isPending || undefined}
      >
        {save.isPending ? "Saving..." : "Save address"}
      </Button>
    </form>
  );
}
