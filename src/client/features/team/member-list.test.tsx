import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Member } from "@shared/schemas/team";
import { MemberList, type TeamActions } from "./member-list";

/*
 * A company's members as the owner (or staff) sees them: a table named Members, a row each with
 * who they are, whether they have signed in yet, their role and Remove.
 */

const person = (
  id: string,
  first: string,
  last: string,
  role: Member["role"],
  invited: boolean,
) => ({
  id,
  email: `${first.toLowerCase()}@riverabakery.example`,
  name: `${first} ${last}`,
  firstName: first,
  lastName: last,
  role,
  joinedAt: "2026-01-05T10:00:00.000Z",
  invited,
});
const members: Member[] = [
  person("u1", "Jordan", "Rivera", "owner", false),
  person("u2", "Sam", "Baker", "billing", true),
];

const mutation = () => ({ mutateAsync: vi.fn(() => Promise.resolve()), isPending: false });
const actions = (): TeamActions => ({
  invite: mutation(),
  changeRole: mutation(),
  remove: mutation(),
  resend: mutation(),
});

afterEach(cleanup);

describe("the member list", () => {
  it("shows each member as a row of the Members table", () => {
    render(
      <MemberList members={members} actions={actions()} selfId="u1" companyName="Rivera Bakery" />,
    );
    const table = screen.getByRole("table", { name: "Members" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Jordan Rivera(you)jordan@riverabakery.example"),
      expect.stringContaining("Sam Bakersam@riverabakery.example"),
    ]);
    expect(within(rows[0]!).queryByRole("button", { name: /Resend/ })).toBeNull();
    expect(within(rows[1]!).getByText("Invited, not yet signed in")).toBeTruthy();
    expect(within(rows[1]!).getByRole("combobox", { name: "Role of Sam Baker" })).toBeTruthy();
  });

  it("sends an invitation again and says so", async () => {
    const team = actions();
    render(<MemberList members={members} actions={team} companyName="Rivera Bakery" />);
    fireEvent.click(screen.getByRole("button", { name: "Resend the invitation to Sam Baker" }));
    expect(team.resend.mutateAsync).toHaveBeenCalledWith("u2");
    expect(
      await screen.findByText("Invitation sent again to sam@riverabakery.example."),
    ).toBeTruthy();
  });

  it("says there are no members when there are none", () => {
    render(<MemberList members={[]} actions={actions()} companyName="Rivera Bakery" />);
    expect(screen.getByText("No members yet")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
