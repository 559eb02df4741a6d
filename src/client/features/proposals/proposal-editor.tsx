import { useId, useState, type ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Copy, Download, Eye, FilePlus2, Loader2, Plus, Save, Send, Trash2 } from "lucide-react";
import { pricingPlans } from "@content/pricing";
import type { ProposalDetail, ProposalVersion } from "@shared/schemas/proposals";
import { Field, fieldAria } from "@/components/form-field";
import { formatCalendarDate, formatCents, formatDate } from "@/components/format";
import { Modal } from "@/components/modal";
import { BackLink, DetailPending, Panel, useDocumentTitle, ViewHeader } from "@/components/parts";
import { ProposalStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/server-errors";
import { cn } from "@/lib/utils";
import {
  staffProposalPdfUrl,
  useCreateProposal,
  useNewVersion,
  useSaveDraft,
  useSendProposal,
  useStaffProposal,
} from "./api";
import {
  editorFrom,
  emptyEditor,
  freeLine,
  lineAmount,
  liveTotals,
  toDraft,
  type EditorErrors,
  type EditorState,
} from "./editor-state";
import { catalogueLine, type LineDraft } from "./money";
import {
  LinesTable,
  ResponseRecord,
  ScopeHtml,
  TotalsSummary,
  validUntilText,
} from "./proposal-parts";
import { proposalHref } from "./proposals-panel";

/** What the editor edits: a new proposal, its draft version, or a new version after a sent one. */
type Editing =
  | { kind: "new"; owner: { leadId: string } | { companyId: string } }
  | { kind: "draft"; proposal: ProposalDetail; version: ProposalVersion }
  | { kind: "next"; proposal: ProposalDetail };

const catalogue = pricingPlans.flatMap((plan) =>
  plan.examples.map((example, index) => ({
    value: `${plan.id}:${index}`,
    plan,
    index,
    label: `${plan.name}: ${example.type}`,
    price: `${example.price}${plan.period ?? ""}`,
  })),
);

function CataloguePicker({ onPick }: { onPick: (line: LineDraft) => void }) {
  // Reset after each pick, so the same item can be added twice.
  const [round, setRound] = useState(0);
  return (
    <Select
      key={round}
      onValueChange={(value) => {
        const item = catalogue.find((entry) => entry.value === value);
        if (item) onPick(catalogueLine(item.plan, item.index));
        setRound((n) => n + 1);
      }}
    >
      <SelectTrigger
        aria-label="Add from catalogue"
        className="w-full rounded-full font-medium data-[placeholder]:text-foreground sm:w-60 [&>span]:flex-1"
      >
        <Plus className="size-4 shrink-0" aria-hidden="true" />
        <SelectValue placeholder="Add from catalogue" />
      </SelectTrigger>
      <SelectContent>
        {catalogue.map((item) => (
          <SelectItem key={item.value} value={item.value}>
            {item.label}
            <span className="ml-2 text-muted-foreground">{item.price}</span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function LineEditor({
  line,
  index,
  errors,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  index: number;
  errors: EditorErrors;
  onChange: (line: LineDraft) => void;
  onRemove: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const error = (name: string) => errors[`lines.${index}.${name}`];
  const amount = lineAmount(line);
  const set = (patch: Partial<LineDraft>) => onChange({ ...line, ...patch });
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Line {index + 1}
          {line.planId && <span className="ml-2 normal-case">· from the catalogue</span>}
        </p>
        <Button
          type="button"
          variant="destructive-ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove line ${index + 1}`}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <Field
          id={id("description")}
          label="Description"
          error={error("description")}
          className="sm:col-span-2 lg:col-span-4"
        >
          <Input
            {...fieldAria(id("description"), error("description"))}
            value={line.description}
            maxLength={200}
            onChange={(event) => set({ description: event.target.value })}
          />
        </Field>
        <Field
          id={id("detail")}
          label="Detail"
          error={error("detail")}
          className="sm:col-span-2 lg:col-span-2"
        >
          <Input
            {...fieldAria(id("detail"), error("detail"))}
            value={line.detail}
            maxLength={100}
            placeholder="Optional"
            onChange={(event) => set({ detail: event.target.value })}
          />
        </Field>
        <Field id={id("billing")} label="Billing" className="lg:col-span-2">
          <Select
            value={line.billing}
            onValueChange={(billing) => set({ billing: billing as LineDraft["billing"] })}
          >
            <SelectTrigger id={id("billing")}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="one-off">One-off</SelectItem>
              <SelectItem value="monthly">Monthly</SelectItem>
            </SelectContent>
          </Select>
        </Field>
        <Field id={id("quantity")} label="Quantity" error={error("quantity")}>
          <Input
            {...fieldAria(id("quantity"), error("quantity"))}
            value={line.quantity}
            inputMode="numeric"
            maxLength={4}
            onChange={(event) => set({ quantity: event.target.value })}
          />
        </Field>
        <Field
          id={id("price")}
          label={line.billing === "monthly" ? "Unit price ($/mo)" : "Unit price ($)"}
          error={error("price")}
          className="lg:col-span-2"
        >
          <Input
            {...fieldAria(id("price"), error("price"))}
            value={line.price}
            inputMode="decimal"
            placeholder="2,000"
            onChange={(event) => set({ price: event.target.value })}
          />
        </Field>
        <div className="flex flex-col justify-end gap-2 sm:text-right lg:col-span-1">
          <span className="text-sm font-medium text-muted-foreground">Amount</span>
          <span className="flex min-h-11 items-center font-semibold text-foreground tabular-nums sm:justify-end">
            {amount === null ? "—" : formatCents(amount)}
            {amount !== null && line.billing === "monthly" && "/mo"}
          </span>
        </div>
      </div>
    </li>
  );
}

const markdownHint = (
  <>
    Markdown: blank line between paragraphs, <code>## Heading</code>, <code>- list item</code>,{" "}
    <code>**bold**</code>, <code>*italic*</code>, <code>[link](https://...)</code>. HTML is not
    allowed.
  </>
);

/** The form: title, scope, lines, valid until; saves, and sends after saving. */
function EditorForm({
  editing,
  initial,
  preview,
  onCancel,
}: {
  editing: Editing;
  initial: EditorState;
  /** The saved scope, rendered by the server. */
  preview?: string;
  onCancel?: () => void;
}) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [, navigate] = useLocation();
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<EditorErrors>({});
  const [failure, setFailure] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const proposalId = editing.kind === "new" ? "" : editing.proposal.id;
  const create = useCreateProposal();
  const saveDraft = useSaveDraft(proposalId);
  const newVersion = useNewVersion(proposalId);
  const send = useSendProposal(proposalId);
  const pending = create.isPending || saveDraft.isPending || newVersion.isPending || send.isPending;
  const totals = liveTotals(state.lines);

  const update = (patch: Partial<EditorState>) => setState((current) => ({ ...current, ...patch }));
  const setLine = (index: number, line: LineDraft) =>
    update({ lines: state.lines.map((old, i) => (i === index ? line : old)) });
  const addLine = (line: LineDraft) => {
    update({ lines: [...state.lines, line] });
    setErrors(({ lines: _lines, ...rest }) => rest);
  };

  /** Saves what is typed; the proposal saved, or undefined when it could not be. */
  const save = async (): Promise<ProposalDetail | undefined> => {
    const checked = toDraft(state);
    if (checked.errors) {
      setErrors(checked.errors);
      setFailure("Some fields need your attention.");
      return undefined;
    }
    setErrors({});
    setFailure(undefined);
    try {
      if (editing.kind === "new") {
        const created = await create.mutateAsync({ ...checked.draft, ...editing.owner });
        navigate(proposalHref(created.id), { replace: true });
        return created;
      }
      if (editing.kind === "draft") {
        return await saveDraft.mutateAsync({ versionId: editing.version.id, draft: checked.draft });
      }
      return await newVersion.mutateAsync(checked.draft);
    } catch (error) {
      const fields = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
      if (fields) setErrors(fields);
      setFailure(errorMessage(error));
      return undefined;
    }
  };

  const onSave = async () => {
    if (pending) return;
    const saved = await save();
    if (saved) toast({ title: "Draft saved", description: `Version ${saved.version}.` });
  };

  const onSend = async () => {
    if (pending) return;
    const saved = await save();
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
      setFailure(errorMessage(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
      className="flex flex-col gap-6"
      aria-label="Proposal"
    >
      <Panel title="Proposal" headingId="proposal-content">
        <div className="flex flex-col gap-5">
          <Field id={id("title")} label="Title" error={errors.title}>
            <Input
              {...fieldAria(id("title"), errors.title)}
              value={state.title}
              maxLength={200}
              placeholder="A new website for Rivera Bakery"
              onChange={(event) => update({ title: event.target.value })}
            />
          </Field>
          <Field id={id("scope")} label="Scope" hint={markdownHint} error={errors.scope}>
            <Textarea
              {...fieldAria(id("scope"), errors.scope, true)}
              value={state.scope}
              rows={10}
              maxLength={20_000}
              className="font-mono text-sm"
              placeholder={
                "## What we build\n\n- Five pages: Home, About, Menu, Gallery, Contact\n- Online ordering"
              }
              onChange={(event) => update({ scope: event.target.value })}
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
            error={errors.validUntil}
            className="sm:max-w-56"
          >
            <Input
              {...fieldAria(id("valid"), errors.validUntil)}
              type="date"
              value={state.validUntil}
              onChange={(event) => update({ validUntil: event.target.value })}
            />
          </Field>
        </div>
      </Panel>

      <Panel
        title={`Lines (${state.lines.length})`}
        description="One-off lines are the build, paid 50% / 25% / 25%; monthly lines start at launch."
        headingId="proposal-lines"
      >
        {state.lines.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            No lines yet. Add one from the pricing catalogue, or write a free line.
          </p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Lines">
            {state.lines.map((line, index) => (
              <LineEditor
                key={line.key}
                line={line}
                index={index}
                errors={errors}
                onChange={(changed) => setLine(index, changed)}
                onRemove={() => update({ lines: state.lines.filter((_, i) => i !== index) })}
              />
            ))}
          </ol>
        )}
        {errors.lines && (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive">
            {errors.lines}
          </p>
        )}
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <CataloguePicker onPick={addLine} />
          <Button type="button" variant="outline" onClick={() => addLine(freeLine())}>
            <Plus aria-hidden="true" />
            Add a free line
          </Button>
        </div>
        <TotalsSummary totals={totals} className="mt-5" />
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

/** A sent version, read-only. */
function FrozenVersion({ version }: { version: ProposalVersion }) {
  return (
    <Panel
      title={version.title}
      description={
        <>
          Version {version.version}
          {version.sentAt && (
            <>
              {" "}
              · sent <time dateTime={version.sentAt}>{formatDate(version.sentAt)}</time>
            </>
          )}{" "}
          · {validUntilText(version.validUntil)} · frozen
        </>
      }
      headingId="proposal-version"
    >
      <ScopeHtml html={version.scopeHtml} />
      <h3 className="mt-6 mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Lines
      </h3>
      <LinesTable lines={version.lines} caption={`Lines of version ${version.version}`} />
      <TotalsSummary totals={version} className="mt-5" />
    </Panel>
  );
}

function VersionsList({
  proposal,
  selected,
  onSelect,
}: {
  proposal: ProposalDetail;
  selected: string;
  onSelect: (versionId: string) => void;
}) {
  return (
    <Panel title="Versions" headingId="proposal-versions">
      <ul className="-mx-2 -my-1 flex flex-col">
        {proposal.versions.map((version) => (
          <li key={version.id}>
            <button
              type="button"
              onClick={() => onSelect(version.id)}
              aria-current={version.id === selected ? "true" : undefined}
              className={cn(
                "flex min-h-11 w-full cursor-pointer items-center justify-between gap-3 rounded-xl px-2 py-2 text-left text-sm transition-colors hover:bg-gold-50",
                version.id === selected && "bg-gold-50 font-semibold",
              )}
            >
              <span>
                v{version.version}{" "}
                {version.sentAt ? (
                  <span className="font-normal text-muted-foreground">
                    sent <time dateTime={version.sentAt}>{formatDate(version.sentAt)}</time>
                  </span>
                ) : (
                  <span className="font-normal text-muted-foreground">draft</span>
                )}
                {proposal.response?.versionId === version.id && (
                  <span className="font-normal text-muted-foreground">
                    {" "}
                    · {proposal.response.decision}
                  </span>
                )}
              </span>
              <span className="text-xs font-normal text-muted-foreground tabular-nums">
                {formatCents(version.oneOffCents)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Aside({ children }: { children: ReactNode }) {
  return <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-6">{children}</div>;
}

function backLink(owner: { companyId?: string | null }) {
  return owner.companyId ? (
    <BackLink href={`/clients/${owner.companyId}`}>Client</BackLink>
  ) : (
    <BackLink href="/pipeline">Pipeline</BackLink>
  );
}

/** /admin/proposals/new?leadId=... or ?companyId=...: a proposal's first draft. */
function NewProposal() {
  useDocumentTitle("New proposal");
  const params = new URLSearchParams(useSearch());
  const leadId = params.get("leadId");
  const companyId = params.get("companyId");
  const owner = leadId ? { leadId } : companyId ? { companyId } : null;
  const [initial] = useState(() => emptyEditor());
  return (
    <>
      <ViewHeader
        back={backLink({ companyId })}
        title="New proposal"
        description="Write the scope, add lines from the catalogue or your own, and save a draft. You send it from the next page."
      />
      {owner ? (
        <EditorForm editing={{ kind: "new", owner }} initial={initial} />
      ) : (
        <p role="alert" className="text-sm text-destructive">
          Open a new proposal from a lead or a client&apos;s page.
        </p>
      )}
    </>
  );
}

function ExistingProposal({ id }: { id: string }) {
  const { data: proposal, error, isPending, refetch } = useStaffProposal(id);
  useDocumentTitle(proposal ? proposal.title : "Proposal");

  // The version picked and the "new version" form hold until the latest version changes (a
  // send, a new version): then the latest is shown.
  const latest = proposal?.versions[0];
  const stamp = `${latest?.id}:${latest?.sentAt}`;
  const [choice, setChoice] = useState<{ stamp: string; selected?: string; next: boolean }>({
    stamp: "",
    next: false,
  });
  const current = choice.stamp === stamp ? choice : { stamp, selected: undefined, next: false };
  const selected = current.selected;
  const nextVersion = current.next;
  const setSelected = (versionId: string) => setChoice({ stamp, selected: versionId, next: false });
  const setNextVersion = (next: boolean) => setChoice({ ...current, next });

  if (error || isPending || !latest) {
    return (
      <DetailPending
        title="Proposal"
        back={<BackLink href="/pipeline">Pipeline</BackLink>}
        error={error}
        onRetry={() => void refetch()}
        loading="Loading the proposal..."
        notFound="This proposal does not exist, or the link is incomplete."
      />
    );
  }

  const version = proposal.versions.find((v) => v.id === selected) ?? latest;
  const latestSent = proposal.versions.find((v) => v.sentAt);
  const editingDraft = !latest.sentAt && version.id === latest.id;
  const canMakeVersion = !nextVersion && latest.sentAt !== null && proposal.status !== "accepted";
  const who = proposal.companyName ?? proposal.leadName;
  const answered = proposal.response;
  const answeredVersion = proposal.versions.find((v) => v.id === answered?.versionId);

  return (
    <>
      <ViewHeader
        back={backLink(proposal)}
        title={proposal.title}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
            <ProposalStatusBadge status={proposal.status} />
            <span>Version {proposal.version}</span>
            {who && (
              <>
                <span aria-hidden="true">·</span>
                <span>
                  For{" "}
                  {proposal.companyId ? (
                    <Link
                      href={`/clients/${proposal.companyId}`}
                      className="font-medium text-accent underline underline-offset-4"
                    >
                      {who}
                    </Link>
                  ) : (
                    who
                  )}
                </span>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>{validUntilText(latest.validUntil)}</span>
          </span>
        }
        actions={
          <>
            {canMakeVersion && (
              <Button variant="outline" onClick={() => setNextVersion(true)}>
                <Copy aria-hidden="true" />
                Make a new version
              </Button>
            )}
            {latestSent && (
              <Button asChild variant="outline">
                <a
                  href={staffProposalPdfUrl(proposal.id, version.sentAt ? version.id : undefined)}
                  download
                >
                  <Download aria-hidden="true" />
                  Download PDF
                </a>
              </Button>
            )}
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          {nextVersion ? (
            <EditorForm
              key={`next-${latest.id}`}
              editing={{ kind: "next", proposal }}
              initial={editorFrom(latest)}
              onCancel={() => setNextVersion(false)}
            />
          ) : editingDraft ? (
            <EditorForm
              key={latest.id}
              editing={{ kind: "draft", proposal, version: latest }}
              initial={editorFrom(latest)}
              preview={latest.scopeHtml}
            />
          ) : (
            <FrozenVersion version={version} />
          )}
        </div>
        <Aside>
          {answered && (
            <Panel title="The client's answer" headingId="proposal-answer">
              <ResponseRecord response={answered} versionNumber={answeredVersion?.version} />
              {proposal.projectId && proposal.companyId && (
                <p className="mt-3 text-sm">
                  <Link
                    href={`/clients/${proposal.companyId}`}
                    className="font-medium text-accent underline underline-offset-4"
                  >
                    The project is on the client&apos;s page
                  </Link>
                </p>
              )}
            </Panel>
          )}
          <VersionsList
            proposal={proposal}
            selected={nextVersion || editingDraft ? latest.id : version.id}
            onSelect={setSelected}
          />
          {!latest.sentAt && latestSent && (
            <p className="text-sm text-muted-foreground">
              v{latest.version} is a draft: the client still reads v{latestSent.version} until you
              send it.
            </p>
          )}
          {latestSent && !answered && (
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <FilePlus2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Sent {formatCalendarDate(latestSent.sentAt!)}; waiting for the client&apos;s answer.
            </p>
          )}
        </Aside>
      </div>
    </>
  );
}

/** /admin/proposals/:id: write, send and follow a proposal; /admin/proposals/new starts one. */
export function ProposalEditorView({ id }: { id: string }) {
  return id === "new" ? <NewProposal /> : <ExistingProposal key={id} id={id} />;
}
