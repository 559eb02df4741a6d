import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailPlus, Send, Trash2, UserPlus, X } from "lucide-react";
import {
  inviteMemberSchema,
  memberRoleAllows,
  memberRoleLabels,
  memberRoles,
  type InviteMember,
  type Member,
  type MemberRole,
} from "@shared/schemas/team";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Field, fieldAria } from "@/components/form-field";
import { ListTable, type Column } from "@/components/list-view";
import { InvitedBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { errorMessage, showServerErrors } from "@/lib/server-errors";

/** What each role may do, as the role picker explains it (the invitation says the same). */
const roleHint = (role: MemberRole) => `Can use ${memberRoleAllows[role]}.`;

type Mutation<TInput> = {
  mutateAsync: (input: TInput) => Promise<unknown>;
  isPending: boolean;
};

export type TeamActions = {
  invite: Mutation<InviteMember>;
  changeRole: Mutation<{ id: string; role: MemberRole }>;
  remove: Mutation<string>;
  /** Sends a member who has never signed in their invitation again. */
  resend: Mutation<string>;
};

function RolePicker({
  member,
  disabled,
  onChange,
}: {
  member: Member;
  disabled: boolean;
  onChange: (role: MemberRole) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <Label htmlFor={id} className="sr-only">
        Role of {member.name}
      </Label>
      <Select
        value={member.role}
        disabled={disabled}
        onValueChange={(role) => onChange(role as MemberRole)}
      >
        <SelectTrigger id={id} aria-label={`Role of ${member.name}`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {memberRoles.map((role) => (
            <SelectItem key={role} value={role}>
              {memberRoleLabels[role]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The members of a company with a role picker and Remove for each (owners and staff). */
export function MemberList({
  members,
  actions,
  selfId,
  companyName,
}: {
  members: Member[];
  actions: TeamActions;
  /** The signed-in person, marked "you". */
  selfId?: string;
  companyName: string;
}) {
  const [status, setStatus] = useState("");
  const busy = actions.changeRole.isPending || actions.remove.isPending;

  const resend = (member: Member) =>
    actions.resend.mutateAsync(member.id).then(
      () => setStatus(`Invitation sent again to ${member.email}.`),
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: "The invitation was not sent again",
          description: errorMessage(error),
        }),
    );

  const changeRole = (member: Member, role: MemberRole) =>
    actions.changeRole.mutateAsync({ id: member.id, role }).then(
      () => setStatus(`${member.name} is now ${memberRoleLabels[role].toLowerCase()}.`),
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: "The role was not changed",
          description: errorMessage(error),
        }),
    );

  const remove = (member: Member) =>
    actions.remove.mutateAsync(member.id).then(
      () => setStatus(`${member.name} was removed from ${companyName}.`),
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: `${member.name} was not removed`,
          description: errorMessage(error),
        }),
    );

  const columns: Column<Member>[] = [
    {
      header: "Member",
      main: true,
      cell: (member) => (
        <>
          <span className="block font-semibold break-words text-foreground">
            {member.name}
            {member.id === selfId && (
              <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>
            )}
          </span>
          <span className="block text-sm break-all text-muted-foreground">{member.email}</span>
        </>
      ),
    },
    {
      header: "Invitation",
      inline: true,
      hideOnPhone: (member) => !member.invited,
      cell: (member) =>
        member.invited ? (
          <div className="flex flex-wrap items-center gap-2">
            <InvitedBadge />
            <Button
              variant="outline"
              size="sm"
              aria-label={`Resend the invitation to ${member.name}`}
              disabled={actions.resend.isPending}
              onClick={() => void resend(member)}
            >
              <MailPlus aria-hidden="true" />
              Resend invitation
            </Button>
          </div>
        ) : (
          <span className="text-muted-foreground">Signed in</span>
        ),
    },
    {
      header: "Role",
      cell: (member) => (
        <RolePicker
          member={member}
          disabled={busy}
          onChange={(role) => void changeRole(member, role)}
        />
      ),
    },
    {
      header: "Remove",
      inline: true,
      headerClassName: "sr-only",
      cell: (member) => (
        <ConfirmDialog
          trigger={
            <Button
              variant="destructive-ghost"
              size="sm"
              aria-label={`Remove ${member.name}`}
              disabled={busy}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          }
          title={`Remove ${member.name}?`}
          description={`${member.name} will no longer see anything of ${companyName} in the portal.`}
          confirmLabel="Remove member"
          pending={actions.remove.isPending}
          onConfirm={() => void remove(member)}
        />
      ),
    },
  ];

  return (
    <>
      <ListTable
        caption="Members"
        columns={columns}
        rows={members}
        rowKey={(member) => member.id}
        empty={{ title: "No members yet", body: "Invite someone to use the portal." }}
      />
      <p role="status" className="mt-2 text-sm text-muted-foreground empty:mt-0">
        {status}
      </p>
    </>
  );
}

/** Inviting a member by email, with a role: their account is made and a sign-in link emailed. */
export function InviteMemberForm({
  invite,
  onDone,
}: {
  invite: Mutation<InviteMember>;
  onDone: (message: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: "", firstName: "", lastName: "", role: "member" as MemberRole },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: "role" });
  const roleId = useId();

  const onSubmit = form.handleSubmit((values) =>
    invite.mutateAsync(values).then(
      () => {
        form.reset();
        onDone(`Invitation sent to ${values.email}.`);
      },
      (error: unknown) =>
        showServerErrors(error, form.setError, ["email", "firstName", "lastName", "role"]),
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Invite a member"
      className="grid gap-4 rounded-2xl border border-gold-300 bg-gold-50/60 p-4 sm:grid-cols-2"
    >
      <Field
        id="member-email"
        label="Email"
        error={errors.email?.message}
        className="sm:col-span-2"
      >
        <Input
          {...fieldAria("member-email", errors.email?.message)}
          {...form.register("email")}
          type="email"
          autoComplete="off"
          required
          aria-required="true"
        />
      </Field>
      <Field id="member-first" label="First name (optional)" error={errors.firstName?.message}>
        <Input
          {...fieldAria("member-first", errors.firstName?.message)}
          {...form.register("firstName")}
          autoComplete="off"
        />
      </Field>
      <Field id="member-last" label="Last name (optional)" error={errors.lastName?.message}>
        <Input
          {...fieldAria("member-last", errors.lastName?.message)}
          {...form.register("lastName")}
          autoComplete="off"
        />
      </Field>
      <Field
        id={roleId}
        label="Role"
        hint={roleHint(role ?? "member")}
        error={errors.role?.message}
        className="sm:col-span-2"
      >
        <Select
          value={role ?? "member"}
          onValueChange={(value) => form.setValue("role", value as MemberRole)}
        >
          <SelectTrigger {...fieldAria(roleId, errors.role?.message, true)}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {memberRoles.map((option) => (
              <SelectItem key={option} value={option}>
                {memberRoleLabels[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      {errors.root?.server && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {errors.root.server.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={invite.isPending}>
          <Send aria-hidden="true" />
          {invite.isPending ? "Sending..." : "Send invitation"}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onDone("")}>
          <X aria-hidden="true" />
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The button that opens the invitation form. */
export function InviteButton({ onClick, open }: { onClick: () => void; open: boolean }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} aria-expanded={open}>
      <UserPlus aria-hidden="true" />
      Invite member
    </Button>
  );
}
