import { useId } from "react";
import { formatDateTime } from "@shared/format";
import { Panel } from "@/components/panel";
import { LoadError, LoadingState } from "@/components/view-states";
import { useSecurityEvents } from "./api";

/** Recent security events: the user's own, and their company's. */
export function SecurityEventsPanel({ email }: { email: string }) {
  const id = useId();
  const events = useSecurityEvents();
  return (
    <Panel
      title="Recent security events"
      headingId={`${id}-title`}
      description="Sign-ins, changes to how you sign in, and your team's changes."
    >
      {events.isPending ? (
        <LoadingState label="Loading events..." />
      ) : events.isError ? (
        <LoadError what="your security events" onRetry={() => void events.refetch()} />
      ) : events.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-border text-sm" aria-label="Security events">
          {events.data.map((event) => (
            <li key={event.id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2.5">
              <span className="font-medium text-foreground">{event.label}</span>
              <span className="text-muted-foreground">
                {event.actorEmail && event.actorEmail !== email && (
                  <span className="[overflow-wrap:anywhere]">{event.actorEmail} · </span>
                )}
                {formatDateTime(event.createdAt)}
                {event.ipAddress ? ` · from ${event.ipAddress}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
