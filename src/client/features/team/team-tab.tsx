import { useState } from "react";
import { Users } from "lucide-react";
import type { Membership } from "@shared/schemas/team";
import { SectionHeader } from "@/components/view-header";
import { ListState } from "@/components/list-view";
import { useMembers, usePortalTeamWrites } from "./api";
import { InviteButton, InviteMemberForm, MemberList } from "./member-list";

/** The dashboard's Team tab, for owners: the members, invitations, roles and removals. */
export function TeamTab({ membership, selfId }: { membership: Membership; selfId: string }) {
  const members = useMembers();
  const actions = usePortalTeamWrites();
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState("");

  return (
    <section aria-labelledby="team-heading">
      <SectionHeader
        titleId="team-heading"
        title="Team"
        description={`Who at ${membership.companyName} can use this portal. Owners manage the team; owners and billing members see billing.`}
        actions={<InviteButton open={inviting} onClick={() => setInviting((open) => !open)} />}
      />
      {inviting && (
        <div className="mb-6">
          <InviteMemberForm
            invite={actions.invite}
            onDone={(message) => {
              setInviting(false);
              setSent(message);
            }}
          />
        </div>
      )}
      <p role="status" className="mb-4 text-sm font-medium text-emerald-800 empty:mb-0">
        {sent}
      </p>
      <ListState query={members} loading="Loading your team...">
        {(list) => (
          <>
            <h3 className="mb-3 flex items-center gap-2 text-lg font-semibold text-foreground">
              <Users className="size-5 text-accent" aria-hidden="true" />
              Members ({list.length})
            </h3>
            <MemberList
              members={list}
              actions={actions}
              selfId={selfId}
              companyName={membership.companyName}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
