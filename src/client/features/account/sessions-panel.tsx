import { useId, useState } from "react";
import { Laptop, LogOut } from "lucide-react";
import { formatDateTime, timeAgo } from "@shared/format";
import { Panel } from "@/components/panel";
import { Pill } from "@/components/pill";
import { LoadError, LoadingState } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { useRevokeSession, useSessions, useSignOutOthers } from "./api";
import { StatusLine } from "./panel-feedback";

/** Where the user is signed in, with sign-out per session and for all the others. */
export function SessionsPanel() {
  const id = useId();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = useSignOutOthers();
  const [status, setStatus] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);
  return (
    <Panel
      title="Active sessions"
      headingId={`${id}-title`}
      description="The devices signed in to your account."
      actions={
        hasOthers && (
          <Button
            size="sm"
            variant="outline"
            disabled={others.isPending}
            onClick={() =>
              others.mutate(undefined, {
                onSuccess: ({ revoked }) =>
                  setStatus(
                    `Signed out ${revoked} other ${revoked === 1 ? "session" : "sessions"}.`,
                  ),
              })
            }
          >
            <LogOut aria-hidden="true" />
            Sign out other sessions
          </Button>
        )
      }
    >
      {sessions.isPending ? (
        <LoadingState label="Loading sessions..." />
      ) : sessions.isError ? (
        <LoadError what="your sessions" onRetry={() => void sessions.refetch()} />
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          aria-label="Sessions"
        >
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Laptop className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  {session.device}
                  {session.current && <Pill tone="gold">This device</Pill>}
                </p>
                <p className="text-xs text-muted-foreground">
                  Last seen {session.current ? "now" : timeAgo(session.lastSeenAt, now)}
                  {session.signedInAt ? ` · signed in ${formatDateTime(session.signedInAt)}` : ""}
                </p>
              </div>
              {!session.current && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => setStatus(`Signed out ${session.device}.`),
                    })
                  }
                >
                  Sign out<span className="sr-only"> {session.device}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <StatusLine>{status}</StatusLine>
    </Panel>
  );
}
