import { describe, expect, it } from "vitest";
import type { Milestone, MilestoneApproval } from "@shared/schemas/projects";
import {
  awaitingApproval,
  currentMilestone,
  currentMilestoneLabel,
  milestoneStatusLabel,
} from "./project-parts";

const milestone = (overrides: Partial<Milestone> = {}): Milestone => ({
  id: "00000000-0000-4000-8000-000000000001",
  position: 1,
  name: "Design sign-off",
  status: "in-progress",
  dueDate: null,
  notes: null,
  approvalRequestedAt: null,
  approvals: [],
  contentHash: "a".repeat(64),
  ...overrides,
});

const answer = (createdAt: string): MilestoneApproval => ({
  decision: "changes-requested",
  comment: "Bigger photos",
  userEmail: "demo@example.com",
  ipAddress: null,
  userAgent: null,
  contentHash: "a".repeat(64),
  createdAt,
});

describe("awaitingApproval", () => {
  it("is false until staff ask", () => {
    expect(awaitingApproval(milestone())).toBe(false);
  });

  it("is true once asked, and false once the client answered after the request", () => {
    const asked = "2026-11-20T10:00:00.000Z";
    expect(awaitingApproval(milestone({ approvalRequestedAt: asked }))).toBe(true);
    expect(
      awaitingApproval(
        milestone({ approvalRequestedAt: asked, approvals: [answer("2026-11-21T09:00:00.000Z")] }),
      ),
    ).toBe(false);
  });

  it("asks again when staff ask after an earlier answer", () => {
    expect(
      awaitingApproval(
        milestone({
          approvalRequestedAt: "2026-11-22T10:00:00.000Z",
          approvals: [answer("2026-11-21T09:00:00.000Z")],
        }),
      ),
    ).toBe(true);
  });
});

describe("currentMilestone", () => {
  it("is the first milestone not done, none when all are", () => {
    const done = milestone({ name: "Discovery Call", status: "done" });
    const next = milestone({ name: "Design & Development", status: "upcoming" });
    expect(currentMilestone([done, next])?.name).toBe("Design & Development");
    expect(currentMilestone([done])).toBeUndefined();
  });
});

describe("currentMilestoneLabel", () => {
  it("says Now of a milestone under way and Next of one not started", () => {
    expect(currentMilestoneLabel(milestone({ status: "in-progress" }))).toBe("Now");
    expect(currentMilestoneLabel(milestone({ status: "waiting-on-client" }))).toBe("Now");
    expect(currentMilestoneLabel(milestone({ status: "upcoming" }))).toBe("Next");
  });
});

describe("milestoneStatusLabel", () => {
  it("tells the client the wait is on them, and staff that it is on the client", () => {
    expect(milestoneStatusLabel("waiting-on-client", "client")).toBe("Waiting on you");
    expect(milestoneStatusLabel("waiting-on-client", "staff")).toBe("Waiting on client");
    expect(milestoneStatusLabel("in-progress", "client")).toBe("In progress");
  });
});
