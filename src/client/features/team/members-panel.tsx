import { useState } from "react";
import type { ClientDetail } from "@shared/schemas/clients";
import { Panel } from "@/components/panel";
import { useStaffTeamWrites } from "./api";
import { InviteButton, InviteMemberForm, MemberList } from "./member-list";

/** A client's members on their back-office page: staff invite, change roles and remove. */
export function MembersPanel({ client }: { client: ClientDetail }) {
  const actions = useStaffTeamWrites(client.company.id);
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState("");
  return (
    <Panel
      title={`Members (${client.members.length})`}
      description="Owners manage the team and see billing; billing members see billing too."
      headingId="client-members"
      actions={<InviteButton open={inviting} onClick={() => setInviting((open) => !open)} />}
    >
      {inviting && (
        <div className="mb-4">
          <InviteMemberForm
            invite={actions.invite}
            onDone={(message) => {
              setInviting(false);
              setSent(message);
            }}
          />
        </div>
      )}
      <p role="status" className="mb-3 text-sm text-emerald-800 empty:mb-0">
        {sent}
      </p>
      <MemberList members={client.members} actions={actions} companyName={client.company.name} />
    </Panel>
  );
}
