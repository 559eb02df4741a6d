import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocation } from "wouter";
import { backOfficePaths } from "@shared/deep-links";
import { Eye, Loader2, Plus, Save, Send } from "lucide-react";
import type {
  ProposalDetail,
  ProposalDraftInput,
  ProposalVersion,
} from "@shared/schemas/proposals";
import { Field, fieldAria } from "@/components/form-field";
import { blankLineItem, LineItemsEditor } from "@/components/line-items-editor";
import { Modal } from "@/components/modal";
import { Panel } from "@/components/panel";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, formFailure, showServerErrors } from "@/lib/server-errors";
import { useCreateProposal, useNewVersion, useSaveDraft, useSendProposal } from "./api";
import { CataloguePicker } from "./catalogue-picker";
import { liveTotals, proposalFormSchema, type ProposalFormValues } from "./proposal-form";
import { ScopeHtml, TotalsSummary } from "./proposal-parts";

/** What the editor edits: a new proposal, its draft version, or a new version after a sent one. */
type Editing =
  | { kind: "new"; owner: { leadId: string } | { companyId: string } }
  | { kind: "draft"; proposal: ProposalDetail; version: ProposalVersion }
  | { kind: "next"; proposal: ProposalDetail };

const fields = ["title", "scope", "lines", "validUntil"];

const markdownHint = (
  <>
    Markdown: blank line between paragraphs, <code>## Heading</code>, <code>- list item</code>,{" "}
    <code>**bold**</code>, <code>*italic*</code>, <code>[link](https://...)</code>. HTML is not
    allowed.
  </>
);

/** The proposal form: title, scope, lines, valid until; saves, and sends after saving. */
export function ProposalEditorForm({
  editing,
  initial,
  preview,
  onCancel,
}: {
  editing: Editing;
  initial: ProposalFormValues;
  /** The saved scope, rendered by the server. */
  preview?: string;
  onCancel?: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [, navigate] = useLocation();
  const form = useForm<ProposalFormValues, unknown, ProposalDraftInput>({
    resolver: zodResolver(proposalFormSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const lines = useWatch({ control: form.control, name: "lines" });
  const [confirming, setConfirming] = useState(false);
  const proposalId = editing.kind === "new" ? "" : editing.proposal.id;
  const create = useCreateProposal();
  const saveDraft = useSaveDraft(proposalId);
  const newVersion = useNewVersion(proposalId);
  const send = useSendProposal(proposalId);
  const pending = create.isPending || saveDraft.isPending || newVersion.isPending || send.isPending;
  const totals = liveTotals(lines);
  const failure = formFailure(errors);

  /** Saves what is typed; the proposal saved, or undefined when it could not be. */
  const save = async (draft: ProposalDraftInput): Promise<ProposalDetail | undefined> => {
    try {
      if (editing.kind === "new") {
        const created = await create.mutateAsync({ ...draft, ...editing.owner });
        navigate(backOfficePaths.proposal(created.id), { replace: true });
        return created;
      }
      if (editing.kind === "draft") {
        return await saveDraft.mutateAsync({ versionId: editing.version.id, draft });
      }
      return await newVersion.mutateAsync(draft);
    } catch (error) {
      showServerErrors(error, form.setError, fields, { unitPriceCents: "price" });
      return undefined;
    }
  };

  const onSave = form.handleSubmit(async (draft) => {
    if (pending) return;
    const saved = await save(draft);
    if (saved) toast({ title: "Draft saved", description: `Version ${saved.version}.` });
  });

  const onSend = form.handleSubmit(async (draft) => {
    if (pending) return;
    const saved = await save(draft);
    if (!saved) return;
    try {
      await send.mutateAsync(undefined);
      toast({
        title: "Proposal sent",
        description: "The client was emailed a link to read it in their portal.",
      });
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      form.setError("root.server", { message: errorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={onSave} className="flex flex-col gap-6" aria-label="Proposal">
      <Panel title="Proposal" headingId="proposal-content">
        <div className="flex flex-col gap-5">
          <Field id={id("title")} label="Title" error={errors.title?.message}>
            <Input
              {...fieldAria(id("title"), errors.title?.message)}
              {...form.register("title")}
              maxLength={200}
              placeholder="A new website for Rivera Bakery"
            />
          </Field>
          <Field id={id("scope")} label="Scope" hint={markdownHint} error={errors.scope?.message}>
            <Textarea
              {...fieldAria(id("scope"), errors.scope?.message, true)}
              {...form.register("scope")}
              rows={10}
              maxLength={20_000}
              className="font-mono text-sm"
              placeholder={
                "## What we build\n\n- Five pages: Home, About, Menu, Gallery, Contact\n- Online ordering"
              }
            />
          </Field>
          {preview && (
            <details className="group rounded-xl border border-border bg-sand/40">
              <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 text-sm font-medium text-foreground">
                <Eye className="size-4" aria-hidden="true" />
                Preview of the scope as last saved
              </summary>
              <ScopeHtml html={preview} className="border-t border-border px-4 py-3" />
            </details>
          )}
          <Field
            id={id("valid")}
            label="Valid until"
            error={errors.validUntil?.message}
            className="sm:max-w-56"
          >
            <Input
              {...fieldAria(id("valid"), errors.validUntil?.message)}
              {...form.register("validUntil")}
              type="date"
            />
          </Field>
        </div>
      </Panel>

      <Panel
        title={`Lines (${lines.length})`}
        description="One-off lines are the build, paid 50% / 25% / 25%; monthly lines start at launch."
        headingId="proposal-lines"
      >
        <LineItemsEditor
          form={form}
          billed
          placeholders={{ price: "2,000" }}
          empty={
            <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
              No lines yet. Add one from the pricing catalogue, or write a free line.
            </p>
          }
          footer={(add) => (
            <>
              <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <CataloguePicker onPick={add} />
                <Button type="button" variant="outline" onClick={() => add(blankLineItem())}>
                  <Plus aria-hidden="true" />
                  Add a free line
                </Button>
              </div>
              <TotalsSummary totals={totals} className="mt-5" />
            </>
          )}
        />
      </Panel>

      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:sticky sm:bottom-4 sm:z-10 sm:flex-row sm:justify-end sm:rounded-2xl sm:border sm:border-border sm:bg-card/95 sm:p-3 sm:shadow-lg sm:backdrop-blur">
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="outline" aria-disabled={pending || undefined}>
          {pending && !confirming ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          ) : (
            <Save aria-hidden="true" />
          )}
          {editing.kind === "next" ? "Save new version" : "Save draft"}
        </Button>
        {editing.kind !== "new" && (
          <Button type="button" onClick={() => setConfirming(true)}>
            <Send aria-hidden="true" />
            Send to client
          </Button>
        )}
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title="Send this proposal?"
        description="We save what you typed, email the client a link that signs them in once, and freeze this version: a change after sending makes a new version."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void onSend()} aria-disabled={pending || undefined}>
            {pending ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Send aria-hidden="true" />
            )}
            Send to client
          </Button>
        </div>
      </Modal>
    </form>
  );
}
