import { CheckCircle2, Loader2, Send } from "lucide-react";
import type { ContactInput } from "@shared/schemas/leads";
import { contactForm as copy } from "@content/contact-page";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { LeadForm, NameAndEmailFields } from "./lead-form";
import { useLeadForm } from "./use-lead-form";

const emptyMessage: ContactInput = { name: "", email: "", subject: "", message: "" };

/**
 * "Send Us a Message": on success a toast with the reference number, the reference beside the
 * button and an empty form; on failure the seed's error toast (see useLeadForm).
 */
export function ContactForm({ headingId }: { headingId: string }) {
  const { form, pending, receipt, honeypot, formProps } = useLeadForm({
    endpoint: "/api/contact",
    resolver: (resolvers) => resolvers.contactResolver,
    emptyValues: emptyMessage,
    failure: { title: copy.errorTitle, description: copy.errorText },
    onSent: (sent) =>
      toast({ title: copy.successTitle, description: copy.successText(sent.reference) }),
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <LeadForm idPrefix="contact" headingId={headingId} formProps={formProps} honeypot={honeypot}>
      <div className="grid gap-6 sm:grid-cols-2">
        <NameAndEmailFields
          idPrefix="contact"
          copy={copy}
          name={register("name")}
          email={register("email")}
          errors={errors}
        />
        <FormField
          id="contact-subject"
          label={copy.labels.subject}
          required
          error={errors.subject?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input {...control} {...register("subject")} placeholder={copy.placeholders.subject} />
          )}
        </FormField>
        <FormField
          id="contact-message"
          label={copy.labels.message}
          required
          error={errors.message?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              {...control}
              {...register("message")}
              rows={6}
              placeholder={copy.placeholders.message}
            />
          )}
        </FormField>
      </div>

      <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{copy.requiredNote}</p>
        <Button
          type="submit"
          size="lg"
          fade="soft"
          aria-disabled={pending || undefined}
          className="w-full sm:w-auto"
        >
          {pending ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {pending ? copy.pending : copy.submit}
        </Button>
      </div>

      {receipt && (
        <p className="mt-6 flex items-start gap-3 rounded-xl border border-emerald-700/25 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{copy.successTitle}</strong> {copy.successLead}{" "}
            {copy.referenceLabel}{" "}
            <strong className="font-semibold tracking-wide whitespace-nowrap">
              {receipt.reference}
            </strong>
            .
          </span>
        </p>
      )}
    </LeadForm>
  );
}
