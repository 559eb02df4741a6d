import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "wouter";
import { Check, Loader2, X } from "lucide-react";
import { backOfficePaths } from "@shared/deep-links";
import type { PlanRequest } from "@shared/schemas/billing";
import { Field, fieldAria } from "@/components/form-field";
import { formatDateTime } from "@shared/format";
import { Modal } from "@/components/modal";
import { Panel } from "@/components/panel";
import { QueryError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, showServerErrors } from "@/lib/server-errors";
import { useDecidePlanRequest, usePlanRequests } from "./api";
import { approvalFormSchema } from "./billing-forms";
import { planChoices } from "./billing-view";

/** Approving asks the monthly price; the catalogue's range is shown beside it. */
function ApproveDialog({
  request,
  open,
  onOpenChange,
}: {
  request: PlanRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = `${useId()}-amount`;
  const decide = useDecidePlanRequest();
  const form = useForm<{ amount: string }, unknown, { amountCents: number }>({
    resolver: zodResolver(approvalFormSchema),
    defaultValues: { amount: "" },
  });
  const { errors } = form.formState;
  const choice = planChoices.find((entry) => entry.name === request.requestedPlan);

  const onSubmit = form.handleSubmit(({ amountCents }) => {
    if (decide.isPending) return;
    decide.mutate(
      { id: request.id, decision: "approve", amountCents },
      {
        onSuccess: () => {
          toast({
            title: "Plan request approved",
            description: `${request.companyName} moves to ${request.requestedPlan}.`,
          });
          onOpenChange(false);
        },
        onError: (error) =>
          showServerErrors(error, form.setError, ["amount"], { amountCents: "amount" }),
      },
    );
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Approve ${request.requestedPlan}?`}
      description={
        request.currentPlan
          ? `${request.companyName}'s ${request.currentPlan} plan changes to ${request.requestedPlan} at this price from its next invoice.`
          : `${request.companyName} gets a new monthly plan, ${request.requestedPlan}, at this price.`
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field
          id={id}
          label="Monthly price ($)"
          hint={choice ? `The catalogue says ${choice.price} for ${choice.detail}.` : undefined}
          error={errors.amount?.message}
        >
          <Input
            {...fieldAria(id, errors.amount?.message, Boolean(choice))}
            {...form.register("amount")}
            inputMode="decimal"
            placeholder="149"
            autoComplete="off"
          />
        </Field>
        {errors.root?.server && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.root.server.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={decide.isPending || undefined}>
            {decide.isPending ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Check aria-hidden="true" />
            )}
            Approve at this price
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function RequestRow({ request, showClient }: { request: PlanRequest; showClient: boolean }) {
  const decide = useDecidePlanRequest();
  const [approving, setApproving] = useState({ open: false, round: 0 });
  const decline = () =>
    decide.mutate(
      { id: request.id, decision: "decline" },
      {
        onSuccess: () => toast({ title: "Plan request declined" }),
        onError: (error) =>
          toast({ variant: "destructive", title: "Error", description: errorMessage(error) }),
      },
    );
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 @lg:flex-row @lg:items-center @lg:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-semibold break-words text-foreground">
          {request.requestedPlan}
          {request.currentPlan && (
            <span className="font-normal text-muted-foreground">
              {" "}
              instead of {request.currentPlan}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs break-words text-muted-foreground">
          {showClient && (
            <>
              <Link
                href={backOfficePaths.client(request.companyId)}
                className="font-medium text-accent underline underline-offset-4"
              >
                {request.companyName}
              </Link>
              {" · "}
            </>
          )}
          {request.requestedBy && <>{request.requestedBy} · </>}
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        </p>
        {request.note && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-foreground">
            “{request.note}”
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          onClick={() => setApproving(({ round }) => ({ open: true, round: round + 1 }))}
          aria-label={`Approve ${request.requestedPlan} for ${request.companyName}`}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-disabled={decide.isPending || undefined}
          onClick={() => !decide.isPending && decline()}
          aria-label={`Decline ${request.requestedPlan} for ${request.companyName}`}
        >
          <X aria-hidden="true" />
          Decline
        </Button>
      </div>
      <ApproveDialog
        key={approving.round}
        request={request}
        open={approving.open}
        onOpenChange={(open) => setApproving((current) => ({ ...current, open }))}
      />
    </li>
  );
}

/** Pending plan requests, every client's, or one client's (`companyId`). */
export function PlanRequestsPanel({ companyId }: { companyId?: string }) {
  const { data, error, refetch } = usePlanRequests();
  const pending = (data ?? []).filter(
    (request) => request.status === "pending" && (!companyId || request.companyId === companyId),
  );
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  // Nothing to decide: nothing to show.
  if (pending.length === 0) return null;
  return (
    <Panel
      title={`Plan requests (${pending.length})`}
      description="Clients asked to change plan. Approve at a monthly price, or decline."
      headingId={companyId ? "client-plan-requests" : "plan-requests"}
      className="border-amber-300"
    >
      <ul className="@container divide-y divide-border">
        {pending.map((request) => (
          <RequestRow key={request.id} request={request} showClient={!companyId} />
        ))}
      </ul>
    </Panel>
  );
}
