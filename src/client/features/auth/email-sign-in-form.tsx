import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "@shared/schemas/zod";
import { AlertCircle, ArrowLeft, Loader2, Mail, MailCheck } from "lucide-react";
import { signInLinks } from "@shared/deep-links";
import { emailSignInSchema } from "@shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api";
import { useEmailSignIn } from "./api";
import { tooManyRequestsMessage } from "./messages";

/** The form asks for the address only; the page adds where to come back to. */
const emailFormSchema = emailSignInSchema.pick({ email: true });
type EmailFormValues = z.input<typeof emailFormSchema>;

/**
 * Passwordless sign-in: the address gets a single-use link. The answer is the same whether or
 * not the address has an account, so the page shows the server's message as it comes.
 */
export function EmailSignInForm({ returnTo }: { returnTo: string | undefined }) {
  const id = useId();
  const emailId = `${id}-email`;
  const errorId = `${id}-email-error`;
  const hintId = `${id}-email-hint`;
  const mutation = useEmailSignIn();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ text: string; fallback?: boolean } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const form = useForm<EmailFormValues, unknown, z.output<typeof emailFormSchema>>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: "" },
  });
  const emailError = form.formState.errors.email?.message;

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (mutation.isPending) return;
    setFormError(null);
    try {
      const { message } = await mutation.mutateAsync({ email, returnTo });
      setSent(message);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : undefined;
      if (status === 429) {
        setFormError({ text: tooManyRequestsMessage });
      } else if (status === 400) {
        form.setError(
          "email",
          {
            message:
              (error instanceof ApiError && error.fieldErrors?.email) || "Invalid email address",
          },
          { shouldFocus: true },
        );
      } else if (status === 404) {
        setFormError({ text: "Email sign-in is not offered on this site.", fallback: true });
      } else {
        setFormError({
          text: "We could not send the link just now. Check your connection and try again.",
        });
      }
    }
  });

  if (sent) {
    return (
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50/70 p-6 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-600 text-white">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <h2
          ref={sentHeading}
          tabIndex={-1}
          className="mt-4 font-display text-2xl font-semibold tracking-tight text-foreground"
        >
          Check your email
        </h2>
        <p role="status" className="mt-2 text-sm leading-relaxed text-emerald-950">
          {sent}
        </p>
        <p className="mt-3 text-sm text-muted-foreground">
          Nothing after a minute or two? Look in your spam folder, or ask for another link.
        </p>
        <Button
          type="button"
          variant="ghost"
          className="mt-4"
          onClick={() => {
            setSent(null);
            form.reset({ email: "" });
            mutation.reset();
          }}
        >
          <ArrowLeft aria-hidden="true" />
          Use a different email
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError && (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            {formError.text}
            {formError.fallback && (
              <>
                {" "}
                <a
                  href={signInLinks.start(returnTo)}
                  className="font-semibold underline underline-offset-4"
                >
                  Continue to sign in
                </a>
              </>
            )}
          </p>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={emailId}>Email address</Label>
        <Input
          id={emailId}
          type="email"
          autoComplete="username webauthn"
          inputMode="email"
          spellCheck={false}
          placeholder="you@yourbusiness.com"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? errorId : hintId}
          {...form.register("email")}
        />
        {emailError ? (
          <p
            id={errorId}
            role="alert"
            className="flex items-start gap-1.5 text-sm text-destructive"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {emailError}
          </p>
        ) : (
          <p id={hintId} className="text-xs text-muted-foreground">
            Use the address we have on file for your account.
          </p>
        )}
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        aria-disabled={mutation.isPending || undefined}
      >
        {mutation.isPending ? (
          <>
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Sending link...
          </>
        ) : (
          <>
            <Mail aria-hidden="true" />
            Email me a sign-in link
          </>
        )}
      </Button>
    </form>
  );
}
