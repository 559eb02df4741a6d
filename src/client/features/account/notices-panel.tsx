import { useId, useState } from "react";
import {
  emailNoticeKinds,
  type Account,
  type ClientNoticeKind,
  type EmailNoticeKind,
  type StaffNoticeKind,
} from "@shared/schemas/account";
import { Panel } from "@/components/panel";
import { useUpdateNotices } from "./api";
import { FormAlert, writeError } from "./panel-feedback";

/** The kinds of notice as the account page groups them: a client's, or staff's. */
const noticeGroups: {
  client: { title: string; kinds: ClientNoticeKind[] }[];
  staff: { title: string; kinds: StaffNoticeKind[] }[];
} = {
  client: [
    { title: "Support", kinds: ["ticket-created", "ticket-replies", "ticket-status"] },
    { title: "Websites and domains", kinds: ["website-added", "domain-added", "site-incident"] },
    {
      title: "Proposals and billing (owners and billing members)",
      kinds: ["proposal-sent", "invoice-issued", "invoice-paid", "payment-failed"],
    },
  ],
  staff: [
    { title: "Support", kinds: ["staff-ticket-created", "staff-ticket-replies"] },
    {
      title: "Clients",
      kinds: ["staff-proposal-answered", "staff-auto-renew", "staff-site-incident"],
    },
  ],
};

/**
 * Which notices the user also gets by email, grouped; each switch saves at once. Every notice
 * shows under the bell whatever is chosen here.
 */
export function NoticesPanel({ account }: { account: Account }) {
  const id = useId();
  const update = useUpdateNotices();
  // The switch shows the new value at once, in the click's own render (the mutation's pending
  // state arrives a tick later), until the saved account replaces it or the save fails.
  const [saving, setSaving] = useState<Partial<Record<EmailNoticeKind, boolean>>>({});
  const choose = (kind: EmailNoticeKind, on: boolean) => {
    setSaving({ [kind]: on });
    update.mutate({ [kind]: on }, { onSettled: () => setSaving({}) });
  };
  const groups: { title: string; kinds: EmailNoticeKind[] }[] = account.isStaff
    ? noticeGroups.staff
    : noticeGroups.client;
  return (
    <Panel
      title="Email notices"
      headingId={`${id}-title`}
      description={
        account.isStaff
          ? "Each of these shows under the bell in the back office, and the agency's shared inbox is emailed it. Tick those you also want in your own inbox."
          : "Each of these shows under the bell in your dashboard. Untick those you would rather not get by email."
      }
    >
      <div className="flex flex-col gap-5">
        {groups.map((group) => (
          <fieldset key={group.title}>
            <legend className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {group.title}
            </legend>
            <ul className="flex flex-col gap-2.5">
              {group.kinds.map((kind) => (
                <li key={kind} className="flex items-center gap-3">
                  <input
                    id={`${id}-${kind}`}
                    type="checkbox"
                    className="size-5 shrink-0 accent-[var(--color-accent,#b8860b)]"
                    checked={saving[kind] ?? account.notices[kind] === true}
                    disabled={update.isPending}
                    onChange={(event) => choose(kind, event.target.checked)}
                  />
                  <label htmlFor={`${id}-${kind}`} className="text-sm text-foreground">
                    {emailNoticeKinds[kind]}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
      <FormAlert>{update.error ? writeError(update.error) : null}</FormAlert>
    </Panel>
  );
}
