import { useState } from "react";
import { useForm } from "react-hook-form";
import { CheckCircle2, Loader2, Send } from "lucide-react";
import type { Contact, ContactInput } from "@shared/schemas/contact";
import { contactForm as copy } from "@content/contact-page";
import {
  FormField,
  HoneypotField,
  serverFieldErrors,
  useHydrated,
  useSpamTraps,
} from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useSendContactMessage, type LeadReceipt } from "./api";

const emptyMessage: ContactInput = { name: "", email: "", subject: "", message: "" };
const fieldNames = Object.keys(emptyMessage) as (keyof ContactInput)[];
const validation = lazyResolver<ContactInput, Contact>(() =>
  import("./validation").then((m) => m.contactResolver),
);

/**
 * "Send Us a Message": validated with the server's own schema, so each message reads the same
 * on both sides. On success a toast with the reference number and an empty form; on failure the
 * seed's error toast (and the server's field messages beside their fields, when it sent any).
 */
export function ContactForm({ headingId }: { headingId: string }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ContactInput, unknown, Contact>({
    resolver: validation.resolver,
    defaultValues: emptyMessage,
  });
  const send = useSendContactMessage();
  const traps = useSpamTraps();
  const ready = useHydrated();
  const [receipt, setReceipt] = useState<LeadReceipt | null>(null);
  const pending = send.isPending;

  const onSubmit = handleSubmit(async (values) => {
    if (pending) return;
    setReceipt(null);
    try {
      const sent = await send.mutateAsync({ ...values, ...traps.read() });
      toast({ title: copy.successTitle, description: copy.successText(sent.reference) });
      reset(emptyMessage);
      traps.restart();
      setReceipt(sent);
    } catch (error) {
      toast({ variant: "destructive", title: copy.errorTitle, description: copy.errorText });
      const fieldErrors = serverFieldErrors(error);
      const invalid = fieldNames.filter((name) => fieldErrors?.[name]);
      for (const name of invalid) setError(name, { message: fieldErrors?.[name] });
      if (invalid[0]) setFocus(invalid[0]);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={validation.preload}
      noValidate
      aria-labelledby={headingId}
      data-ready={ready || undefined}
      className="relative"
    >
      <HoneypotField id="contact-website" inputRef={traps.honeypot} />
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id="contact-name" label={copy.labels.name} required error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              {...register("name")}
              autoComplete="name"
              placeholder={copy.placeholders.name}
            />
          )}
        </FormField>
        <FormField
          id="contact-email"
          label={copy.labels.email}
          required
          error={errors.email?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...register("email")}
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              placeholder={copy.placeholders.email}
            />
          )}
        </FormField>
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
    </form>
  );
}
