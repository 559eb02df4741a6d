import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Send, X } from "lucide-react";
import { type Invitation, inviteClientSchema } from "@shared/schemas/clients";
import { Field, fieldAria } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { showServerErrors } from "@/lib/server-errors";
import { useInviteClient } from "./api";

/**
 * Inviting a client: the company is created with this person as its owner, and a sign-in link
 * is emailed to them.
 */
export function InviteForm({
  onInvited,
  onClose,
}: {
  onInvited: (invitation: Invitation) => void;
  onClose: () => void;
}) {
  const invite = useInviteClient();
  const form = useForm({
    resolver: zodResolver(inviteClientSchema),
    defaultValues: { companyName: "", email: "", firstName: "", lastName: "" },
  });
  const { errors } = form.formState;
  const emailRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerEmailRef, ...emailField } = form.register("email");

  useEffect(() => emailRef.current?.focus(), []);

  const onSubmit = form.handleSubmit((values) =>
    invite.mutateAsync(values).then(
      (invited) => {
        form.reset();
        onInvited(invited);
      },
      (error: unknown) =>
        showServerErrors(error, form.setError, ["companyName", "email", "firstName", "lastName"]),
    ),
  );

  return (
    <section
      aria-labelledby="invite-heading"
      className="mb-6 rounded-2xl border border-gold-300 bg-gold-50/60 p-5"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <div>
          <h2 id="invite-heading" className="font-sans text-base font-semibold">
            Invite a client
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            We create the company with this person as its owner and email them a sign-in link that
            works for 7 days.
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onClose}
          aria-label="Close the invitation form"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)] lg:items-start"
      >
        <Field
          id="invite-email"
          label="Email"
          error={errors.email?.message}
          className="sm:col-span-2 lg:col-span-1"
        >
          <Input
            {...fieldAria("invite-email", errors.email?.message)}
            {...emailField}
            ref={(element) => {
              registerEmailRef(element);
              emailRef.current = element;
            }}
            type="email"
            autoComplete="off"
            required
            aria-required="true"
          />
        </Field>
        <Field id="invite-first" label="First name (optional)" error={errors.firstName?.message}>
          <Input
            {...fieldAria("invite-first", errors.firstName?.message)}
            {...form.register("firstName")}
            autoComplete="off"
          />
        </Field>
        <Field id="invite-last" label="Last name (optional)" error={errors.lastName?.message}>
          <Input
            {...fieldAria("invite-last", errors.lastName?.message)}
            {...form.register("lastName")}
            autoComplete="off"
          />
        </Field>
        <Field
          id="invite-company"
          label="Company name (optional)"
          hint="Default: the person's name"
          error={errors.companyName?.message}
          className="sm:col-span-2 lg:col-span-2"
        >
          <Input
            {...fieldAria("invite-company", errors.companyName?.message, true)}
            {...form.register("companyName")}
            autoComplete="off"
          />
        </Field>
        <div className="sm:col-span-2 lg:col-span-1 lg:pt-6">
          <Button type="submit" disabled={invite.isPending} className="w-full">
            <Send aria-hidden="true" />
            {invite.isPending ? "Sending..." : "Send invitation"}
          </Button>
        </div>
        {errors.root?.server && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2 lg:col-span-3">
            {errors.root.server.message}
          </p>
        )}
      </form>
    </section>
  );
}
