import { lazy, Suspense, useState } from "react";
import { KeyRound, Plus, Share2, ShieldOff } from "lucide-react";
import type { CreatedShareLink, ShareLink } from "@shared/schemas/share-links";
import { sharePanelLabels } from "@shared/share-panels";
import { formatDate, timeAgo } from "@shared/format";
import { Modal } from "@/components/modal";
import { Pill } from "@/components/pill";
import { RemoveWithConfirm } from "@/components/secret-items";
import { LoadingState, QueryError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Section } from "./site-parts";
import { useRevokeShareLink, useShareLinks, type Viewer } from "./share-links-api";

// The new link's form (react-hook-form, zod) and the address shown once: fetched when the owner
// opens the dialog, or points at its button, not with the page.
const loadForm = () => import("./share-link-form");
const NewShareLink = lazy(() => loadForm().then((m) => ({ default: m.NewShareLink })));
const ShareLinkForm = lazy(() => loadForm().then((m) => ({ default: m.ShareLinkForm })));
const preloadForm = () => void loadForm().catch(() => {});

const stateTone = { active: "green", expired: "amber", revoked: "neutral" } as const;

function stateText(link: ShareLink) {
  if (link.state === "revoked") return `Revoked ${formatDate(link.revokedAt!)}`;
  if (link.state === "expired") return `Expired ${formatDate(link.expiresAt!)}`;
  return link.expiresAt ? `Active until ${formatDate(link.expiresAt)}` : "Active";
}

function LinkRow({
  link,
  websiteId,
  viewer,
}: {
  link: ShareLink;
  websiteId: string;
  viewer: Viewer;
}) {
  const revoke = useRevokeShareLink(websiteId, viewer);
  const [now] = useState(() => Date.now());
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-foreground">{link.name}</span>
          <Pill tone={stateTone[link.state]} dot={link.state === "active"}>
            {stateText(link)}
          </Pill>
          {link.hasPassword && (
            <Pill tone="neutral" icon={KeyRound}>
              Password
            </Pill>
          )}
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">
          {link.panels.map((panel) => sharePanelLabels[panel]).join(", ")}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">
          Created {formatDate(link.createdAt)}
          {link.createdBy && ` by ${link.createdBy}`} ·{" "}
          {link.lastViewedAt ? `last viewed ${timeAgo(link.lastViewedAt, now)}` : "never viewed"}
        </p>
      </div>
      {link.state !== "revoked" && (
        <RemoveWithConfirm
          name={link.name}
          action="Revoke"
          icon={ShieldOff}
          noun="link"
          pastTense="revoked"
          description="The link stops working at once: whoever opens it gets a page that is not found. This cannot be undone: make a new link instead."
          pending={revoke.isPending}
          remove={(callbacks) => revoke.mutate(link.id, callbacks)}
        />
      )}
    </li>
  );
}

/** A website's links, newest first, each with its revoke button while it is not revoked. */
function ShareLinkList({
  websiteId,
  domain,
  viewer,
}: {
  websiteId: string;
  domain: string;
  viewer: Viewer;
}) {
  const links = useShareLinks(websiteId, viewer);
  if (links.isPending) return <LoadingState label="Loading share links..." />;
  if (links.isError) return <QueryError error={links.error} onRetry={() => void links.refetch()} />;
  if (links.data.length === 0)
    return <p className="text-sm text-muted-foreground">No share links yet.</p>;
  return (
    <ul className="divide-y divide-border" aria-label={`Share links of ${domain}`}>
      {links.data.map((link) => (
        <LinkRow key={link.id} link={link} websiteId={websiteId} viewer={viewer} />
      ))}
    </ul>
  );
}

/**
 * A website's share links in the back office: staff see what its owner shared, and may revoke a
 * link (a leaked one, say). Only the owner makes them.
 */
export function StaffShareLinksButton({
  websiteId,
  domain,
}: {
  websiteId: string;
  domain: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Share links of ${domain}`}
      >
        <Share2 aria-hidden="true" />
        Share links
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Share links · ${domain}`}
        description="Read-only links to the site's analytics that the client's owner made. Revoke one that should no longer work."
        size="wide"
      >
        <div className="mt-4">
          {open && <ShareLinkList websiteId={websiteId} domain={domain} viewer="staff" />}
        </div>
      </Modal>
    </>
  );
}

/**
 * A website's share links on its page, for the company's owner: read-only links to the site's
 * analytics for someone outside the portal, made in a dialog (the address shown once), listed,
 * and revoked.
 */
export function ShareLinksSection({ websiteId, domain }: { websiteId: string; domain: string }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedShareLink>();
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setCreated(undefined);
  };
  return (
    <Section
      id="share-links-heading"
      title="Share links"
      icon={Share2}
      description="A read-only link to this site's analytics for someone outside your team, such as your marketing person. It shows only the panels you choose, and nothing else of your account."
    >
      <Button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
      >
        <Plus aria-hidden="true" />
        New share link
      </Button>
      <Modal
        open={open}
        onOpenChange={close}
        title={`New share link · ${domain}`}
        description="Whoever has the link sees the panels you tick, for any range they pick. Search engines are told not to list it."
      >
        <div className="mt-4">
          <Suspense fallback={<LoadingState label="Loading the form..." />}>
            {created ? (
              <NewShareLink created={created} onDone={() => close(false)} />
            ) : (
              <ShareLinkForm websiteId={websiteId} domain={domain} onCreated={setCreated} />
            )}
          </Suspense>
        </div>
      </Modal>
      <div className="mt-5">
        <ShareLinkList websiteId={websiteId} domain={domain} viewer="owner" />
      </div>
    </Section>
  );
}
