import { lazy, Suspense } from "react";
import { LoadError, LoadingCards } from "@/components/view-states";
import { useProposals } from "./api";
import { ProposalCard } from "./proposal-card";

// A proposal opened, with its answer form (react-hook-form, zod): fetched when the client opens
// one, so the Projects tab's first load carries only the cards.
const ProposalView = lazy(() =>
  import("./proposal-view").then((m) => ({ default: m.ProposalView })),
);

/**
 * The client's proposals, first on the Projects tab: a card each, and the one open (from a
 * card, or the emailed link's ?proposal=<id>) to read and answer.
 */
export function ClientProposals({
  openId,
  onOpen,
  onClose,
}: {
  openId: string | null;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const { data: proposals, isPending, isError, refetch } = useProposals();
  if (openId) {
    return (
      <Suspense fallback={<LoadingCards label="Loading the proposal..." count={1} columns={1} />}>
        <ProposalView id={openId} onClose={onClose} />
      </Suspense>
    );
  }
  if (isPending) return null;
  if (isError) {
    return (
      <div className="mb-8">
        <LoadError what="your proposals" onRetry={() => void refetch()} />
      </div>
    );
  }
  if (proposals.length === 0) return null;
  return (
    <section aria-labelledby="proposals-heading" className="mb-10">
      <h3
        id="proposals-heading"
        className="mb-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Your proposals
      </h3>
      <ul className="grid gap-5 md:grid-cols-2">
        {proposals.map((proposal) => (
          <li key={proposal.id}>
            <ProposalCard proposal={proposal} onOpen={() => onOpen(proposal.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
