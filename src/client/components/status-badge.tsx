import type { LucideIcon } from "lucide-react";
import {
  AlertTriangle,
  Archive,
  ArrowDown,
  ArrowUp,
  Ban,
  BadgeCheck,
  CheckCircle2,
  CircleDot,
  Clock,
  Hammer,
  Hourglass,
  Mail,
  MessageSquare,
  Minus,
  PauseCircle,
  PhoneCall,
  Shield,
  Timer,
  Trophy,
  XCircle,
  FileText,
  FilePen,
  Send,
  Undo2,
} from "lucide-react";
import { cn } from "@/lib/utils";
import { humanize, leadKindLabel } from "@shared/format";

type Tone = "sky" | "violet" | "amber" | "emerald" | "red" | "gray" | "gold";

const tones: Record<Tone, string> = {
  sky: "border-sky-200 bg-sky-50 text-sky-900",
  violet: "border-violet-200 bg-violet-50 text-violet-900",
  amber: "border-amber-300 bg-amber-50 text-amber-900",
  emerald: "border-emerald-200 bg-emerald-50 text-emerald-900",
  red: "border-red-200 bg-red-50 text-red-800",
  gray: "border-ink-200 bg-ink-50 text-ink-700",
  gold: "border-gold-300 bg-gold-50 text-gold-800",
};

type Look = { tone: Tone; icon: LucideIcon; label?: string };

/** A status as a word with an icon: the colour only repeats what the words say. */
function Pill({ look, value, medium = false }: { look: Look; value: string; medium?: boolean }) {
  const Icon = look.icon;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs whitespace-nowrap",
        medium ? "font-medium" : "font-semibold",
        tones[look.tone],
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {look.label ?? humanize(value)}
    </span>
  );
}

const fallback: Look = { tone: "gray", icon: CircleDot };

const leadStatusLooks: Record<string, Look> = {
  new: { tone: "sky", icon: CircleDot },
  contacted: { tone: "violet", icon: PhoneCall },
  qualified: { tone: "gold", icon: BadgeCheck },
  won: { tone: "emerald", icon: Trophy },
  lost: { tone: "gray", icon: XCircle },
  spam: { tone: "red", icon: Ban },
};

const ticketStatusLooks: Record<string, Look> = {
  open: { tone: "sky", icon: CircleDot },
  "in-progress": { tone: "amber", icon: Timer },
  waiting: { tone: "violet", icon: Hourglass },
  resolved: { tone: "emerald", icon: CheckCircle2 },
  closed: { tone: "gray", icon: Archive },
};

const priorityLooks: Record<string, Look> = {
  low: { tone: "gray", icon: ArrowDown, label: "Low" },
  medium: { tone: "sky", icon: Minus, label: "Medium" },
  high: { tone: "amber", icon: ArrowUp, label: "High" },
  urgent: { tone: "red", icon: AlertTriangle, label: "Urgent" },
};

const emailStatusLooks: Record<string, Look> = {
  sent: { tone: "emerald", icon: CheckCircle2 },
  pending: { tone: "amber", icon: Clock },
  failed: { tone: "red", icon: XCircle },
};

const websiteStatusLooks: Record<string, Look> = {
  active: { tone: "emerald", icon: CheckCircle2 },
  building: { tone: "sky", icon: Hammer },
  paused: { tone: "amber", icon: PauseCircle },
  cancelled: { tone: "gray", icon: XCircle },
};

export function LeadStatusBadge({ status }: { status: string }) {
  return <Pill look={leadStatusLooks[status] ?? fallback} value={status} />;
}

/** A Discovery Call: booked (to come or held) or cancelled. */
export function CallStatusBadge({ status }: { status: string }) {
  const look: Look =
    status === "cancelled"
      ? { tone: "gray", icon: XCircle, label: "Cancelled" }
      : { tone: "emerald", icon: CheckCircle2, label: "Booked" };
  return <Pill look={look} value={status} />;
}

export function LeadKindBadge({ kind }: { kind: string }) {
  const look: Look =
    kind === "contact"
      ? { tone: "gray", icon: MessageSquare, label: leadKindLabel(kind) }
      : { tone: "gray", icon: FileText, label: leadKindLabel(kind) };
  return <Pill look={look} value={kind} medium />;
}

export function TicketStatusBadge({ status }: { status: string }) {
  return <Pill look={ticketStatusLooks[status] ?? fallback} value={status} />;
}

export function PriorityBadge({ priority }: { priority: string }) {
  const look = priorityLooks[priority] ?? fallback;
  return (
    <Pill
      look={{ ...look, label: `${look.label ?? humanize(priority)} priority` }}
      value={priority}
    />
  );
}

/** Where a webhook delivery stands: sent, still being tried, or given up on. */
export function WebhookDeliveryBadge({ status }: { status: string }) {
  const look = status === "delivered" ? emailStatusLooks.sent! : emailStatusLooks[status];
  return <Pill look={look ?? { tone: "gray", icon: Mail }} value={status} />;
}

export function EmailStatusBadge({ status }: { status: string }) {
  return <Pill look={emailStatusLooks[status] ?? { tone: "gray", icon: Mail }} value={status} />;
}

const inboundLooks: Record<string, Look> = {
  reply: { tone: "emerald", icon: MessageSquare, label: "Added to ticket" },
  "new-ticket": { tone: "sky", icon: Send, label: "Opened a ticket" },
  rejected: { tone: "red", icon: Ban, label: "Refused" },
};

/** What became of a received email. */
export function InboundOutcomeBadge({ outcome }: { outcome: string }) {
  return <Pill look={inboundLooks[outcome] ?? { tone: "gray", icon: Mail }} value={outcome} />;
}

export function WebsiteStatusBadge({ status }: { status: string }) {
  return <Pill look={websiteStatusLooks[status] ?? fallback} value={status} />;
}

export function StaffBadge() {
  return <Pill look={{ tone: "gold", icon: Shield, label: "Staff" }} value="staff" />;
}

/** A team member who was invited and has never signed in. */
export function InvitedBadge() {
  return (
    <Pill
      look={{ tone: "amber", icon: Hourglass, label: "Invited, not yet signed in" }}
      value="invited"
    />
  );
}

export function ExpiringBadge() {
  return <Pill look={{ tone: "amber", icon: AlertTriangle, label: "Expires soon" }} value="soon" />;
}

const proposalStatusLooks: Record<string, Look> = {
  draft: { tone: "gray", icon: FilePen },
  sent: { tone: "sky", icon: Send },
  accepted: { tone: "emerald", icon: CheckCircle2 },
  declined: { tone: "red", icon: XCircle },
};

/** A proposal's status; `label` words it for the reader ("Awaiting your answer"). */
export function ProposalStatusBadge({ status, label }: { status: string; label?: string }) {
  const look = proposalStatusLooks[status] ?? fallback;
  return <Pill look={label ? { ...look, label } : look} value={status} />;
}

const invoiceStatusLooks: Record<string, Look> = {
  draft: { tone: "gray", icon: FilePen },
  open: { tone: "sky", icon: CircleDot },
  paid: { tone: "emerald", icon: CheckCircle2 },
  void: { tone: "gray", icon: Ban },
  uncollectible: { tone: "amber", icon: XCircle },
};

/** An invoice's status; an open invoice past its due date reads "Overdue", in red. */
export function InvoiceStatusBadge({
  status,
  overdue = false,
}: {
  status: string;
  overdue?: boolean;
}) {
  if (overdue && status === "open") {
    return <Pill look={{ tone: "red", icon: AlertTriangle, label: "Overdue" }} value="overdue" />;
  }
  return <Pill look={invoiceStatusLooks[status] ?? fallback} value={status} />;
}

const paymentLooks: Record<string, Look> = {
  payment: { tone: "emerald", icon: CheckCircle2, label: "Paid" },
  refund: { tone: "violet", icon: Undo2, label: "Refund" },
  failed: { tone: "red", icon: XCircle, label: "Failed" },
};

/** A payment row's kind: paid, refunded, or a card payment that failed. */
export function PaymentBadge({ kind }: { kind: "payment" | "refund" | "failed" }) {
  return <Pill look={paymentLooks[kind] ?? fallback} value={kind} />;
}

const planRequestLooks: Record<string, Look> = {
  pending: { tone: "amber", icon: Hourglass, label: "Waiting for our team" },
  approved: { tone: "emerald", icon: CheckCircle2 },
  declined: { tone: "gray", icon: XCircle },
};

/** A plan change request's status. */
export function PlanRequestBadge({ status, label }: { status: string; label?: string }) {
  const look = planRequestLooks[status] ?? fallback;
  return <Pill look={label ? { ...look, label } : look} value={status} />;
}
