import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from "react-hook-form";
import type { LeadReceipt, SpamTraps } from "@shared/schemas/leads";
import { toast } from "@/components/ui/use-toast";
import { ApiError, apiRequest } from "@/lib/api";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useHydrated, useSpamTraps } from "@/components/spam-traps";

type Resolvers = typeof import("./resolvers");

interface LeadFormOptions<TInput extends FieldValues, TOutput> {
  /** Where the form posts its lead. */
  endpoint: "/api/contact" | "/api/apply";
  /** The form's resolver in ./resolvers: fetched, with zod, when a field first takes focus. */
  resolver: (resolvers: Resolvers) => Resolver<TInput, unknown, TOutput>;
  /** The values of an empty form; its keys are the fields a server message can point at. */
  emptyValues: TInput;
  /** The toast shown when sending fails. */
  failure: { title: string; description: string };
  /** Called with the stored lead's receipt, after the form has been emptied. */
  onSent: (receipt: LeadReceipt) => void;
}

/**
 * A public lead form (a contact message or a project application): validated in the browser
 * with the server's own schema, sent with its spam traps, emptied on success. On failure the
 * failure toast, and the server's field messages beside their fields with the first focused.
 */
export function useLeadForm<TInput extends FieldValues, TOutput>({
  endpoint,
  resolver,
  emptyValues,
  failure,
  onSent,
}: LeadFormOptions<TInput, TOutput>) {
  const [validation] = useState(() =>
    lazyResolver<TInput, TOutput>(() => import("./resolvers").then(resolver)),
  );
  const form = useForm<TInput, unknown, TOutput>({
    resolver: validation.resolver,
    defaultValues: emptyValues as DefaultValues<TInput>,
  });
  const send = useMutation({
    mutationFn: async (payload: TOutput & SpamTraps): Promise<LeadReceipt> => {
      const res = await apiRequest("POST", endpoint, payload);
      return (await res.json()) as LeadReceipt;
    },
  });
  const traps = useSpamTraps();
  const ready = useHydrated();
  const pending = send.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    if (pending) return;
    try {
      const receipt = await send.mutateAsync({ ...values, ...traps.read() });
      form.reset(emptyValues);
      traps.restart();
      onSent(receipt);
    } catch (error) {
      toast({ variant: "destructive", ...failure });
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      const invalid = (Object.keys(emptyValues) as Path<TInput>[]).filter(
        (name) => fieldErrors?.[name],
      );
      for (const name of invalid) form.setError(name, { message: fieldErrors?.[name] });
      if (invalid[0]) form.setFocus(invalid[0]);
    }
  });

  return {
    form,
    pending,
    /** The last send's receipt, until the next send starts. */
    receipt: send.data,
    honeypot: traps.honeypot,
    /** Spread on the <form>. `data-ready` tells a test (or a script) that submitting is handled. */
    formProps: {
      onSubmit,
      onFocus: validation.preload,
      noValidate: true,
      "data-ready": ready || undefined,
    },
  };
}
