import { useId, useState } from "react";
import { Link } from "wouter";
import { Building2, UserPlus } from "lucide-react";
import type { LeadDetail } from "@shared/schemas/leads";
import { backOfficePaths } from "@shared/deep-links";
import { Field } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { Button } from "@/components/ui/button";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import { useClientChoices, useConvertLead } from "./api";

/** A lead as the back office reads it, with the client it was converted to (if it was). */
export type ConvertibleLead = LeadDetail;

/** A field of the lead's form, by its label ("Phone"), or null when it was not given. */
function leadField(lead: LeadDetail, label: RegExp): string | null {
  return lead.fields.find((field) => label.test(field.label))?.value || null;
}

/** "Client: <name>", linking to the client's page, once the lead is converted. */
export function LeadClientLink({ lead }: { lead: ConvertibleLead }) {
  if (!lead.companyId) return null;
  return (
    <Link
      href={backOfficePaths.client(lead.companyId)}
      className="inline-flex items-center gap-1.5 font-medium text-accent underline underline-offset-4"
    >
      <Building2 className="size-4" aria-hidden="true" />
      Client: {lead.companyName ?? "their company"}
    </Link>
  );
}

/**
 * "Convert to client": a new client made from the lead's own fields (nothing retyped), or the
 * lead linked to an existing client; the invitation to the portal is offered, ticked.
 */
export function ConvertLeadAction({ lead }: { lead: ConvertibleLead }) {
  const [open, setOpen] = useState(false);
  if (lead.companyId) return null;
  return (
    <>
      <Button className="sm:mt-6" onClick={() => setOpen(true)}>
        <UserPlus aria-hidden="true" />
        Convert to client
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Convert to client"
        description="The lead and the client point at each other. The lead keeps its stage until the client accepts a proposal."
      >
        <ConvertForm lead={lead} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function ConvertForm({ lead, onDone }: { lead: ConvertibleLead; onDone: () => void }) {
  const id = useId();
  const convert = useConvertLead(lead.kind, lead.id);
  const clients = useClientChoices();
  const [mode, setMode] = useState<"new" | "existing">("new");
  const [companyId, setCompanyId] = useState("");
  const [invite, setInvite] = useState(true);
  const [pickError, setPickError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const used = [
    ["Name", lead.name],
    ["Email", lead.email],
    ["Phone", leadField(lead, /phone/i)],
    ["Company", lead.company ?? leadField(lead, /company|business/i)],
  ] as const;

  const submit = () => {
    if (convert.isPending) return;
    if (mode === "existing" && !companyId) {
      setPickError("Choose the client to link this lead to");
      return;
    }
    setFailure(undefined);
    convert.mutate(
      { ...(mode === "existing" ? { companyId } : {}), invite },
      {
        onSuccess: (result) => {
          toast({
            title: result.created ? "Client created" : "Lead linked to the client",
            description: result.invited
              ? `We emailed ${result.email} an invitation to the portal.`
              : "No invitation was sent.",
          });
          onDone();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const option = (value: "new" | "existing", label: string) => (
    <label
      className={cn(
        "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium transition-colors",
        mode === value
          ? "border-gold-500 bg-gold-50 text-foreground"
          : "border-border text-foreground hover:border-foreground/40",
      )}
    >
      <input
        type="radio"
        name={`${id}-mode`}
        value={value}
        checked={mode === value}
        onChange={() => setMode(value)}
        className="size-4 cursor-pointer accent-ink-950"
      />
      {label}
    </label>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-4"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">How to convert</legend>
        {option("new", "Create a new client from this lead")}
        {option("existing", "Link to an existing client")}
      </fieldset>

      {mode === "new" ? (
        <div className="rounded-xl border border-border bg-sand/50 p-4">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            The new client, from the lead
          </p>
          <dl className="mt-3 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            {used.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="break-words text-foreground">
                  {value ?? <span className="text-muted-foreground italic">Not given</span>}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <Field id={`${id}-client`} label="Client" error={pickError}>
          <Select
            value={companyId}
            onValueChange={(value) => {
              setCompanyId(value);
              setPickError(undefined);
            }}
            disabled={clients.isPending}
          >
            <SelectTrigger
              id={`${id}-client`}
              aria-invalid={pickError ? true : undefined}
              aria-describedby={pickError ? `${id}-client-error` : undefined}
            >
              <SelectValue placeholder={clients.isPending ? "Loading clients..." : "Choose"} />
            </SelectTrigger>
            <SelectContent>
              {(clients.data ?? []).map((client) => (
                <SelectItem key={client.id} value={client.id}>
                  {client.name}
                  {client.ownerEmail ? ` (${client.ownerEmail})` : ""}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}

      <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-foreground">
        <input
          type="checkbox"
          checked={invite}
          onChange={(event) => setInvite(event.target.checked)}
          className="size-5 cursor-pointer rounded accent-ink-950"
        />
        Email them an invitation to the portal
      </label>

      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" aria-disabled={convert.isPending || undefined}>
          {convert.isPending ? "Converting..." : "Convert to client"}
        </Button>
      </div>
    </form>
  );
}
