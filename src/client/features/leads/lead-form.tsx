import type { ComponentProps, ReactNode, Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { HoneypotField } from "@/components/spam-traps";

/** A lead form's <form>: the props from useLeadForm, its spam-trap field, then its fields. */
export function LeadForm({
  idPrefix,
  headingId,
  formProps,
  honeypot,
  children,
}: {
  /** Prefix of the form's field ids ("contact", "application"). */
  idPrefix: string;
  headingId: string;
  formProps: Omit<ComponentProps<"form">, "children">;
  honeypot: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  return (
    <form {...formProps} aria-labelledby={headingId} className="relative">
      <HoneypotField id={`${idPrefix}-website`} inputRef={honeypot} />
      {children}
    </form>
  );
}

interface PersonFieldCopy {
  labels: { name: string; email: string };
  placeholders: { name: string; email: string };
}

/** The Name and Email fields both lead forms open with (two grid cells). */
export function NameAndEmailFields({
  idPrefix,
  copy,
  name,
  email,
  errors,
}: {
  idPrefix: string;
  copy: PersonFieldCopy;
  /** `register("name")` and `register("email")` of the form. */
  name: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  errors: { name?: { message?: string }; email?: { message?: string } };
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-name`}
        label={copy.labels.name}
        required
        error={errors.name?.message}
      >
        {(control) => (
          <Input {...control} {...name} autoComplete="name" placeholder={copy.placeholders.name} />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-email`}
        label={copy.labels.email}
        required
        error={errors.email?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...email}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            placeholder={copy.placeholders.email}
          />
        )}
      </FormField>
    </>
  );
}
