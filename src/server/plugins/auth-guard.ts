import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import type { User } from "../db/schema";
import type { Membership } from "@shared/schemas/team";
import { findPrincipal, type Principal } from "../auth/principal";
import { secondFactorState, type SecondFactorState } from "../auth/second-factor";
import type {} from "../api-tokens/tokens";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by the guard of the routes that need one. */
    user: User | null;
    /** The signed-in user's company and role, once signedInMember has read it (null: none). */
    membership: Membership | null | undefined;
  }
}

export function decorateUser(app: FastifyInstance) {
  app.decorateRequest("user", null);
  app.decorateRequest("membership", undefined);
}

/**
 * Who this request's session is signed in as: read with the session when the request began,
 * or now when the request itself signed someone in.
 */
async function sessionPrincipal(request: FastifyRequest, db: Db): Promise<Principal | undefined> {
  const userId = request.session.userId;
  if (!userId) return undefined;
  const loaded = request.sessionPrincipal;
  return loaded?.user.id === userId ? loaded : findPrincipal(db, userId);
}

/**
 * The user of this request's session and where its second factor stands, or undefined when
 * signed out. A user with a second factor who has not passed it is signed in only for the
 * second-factor step (and GET /api/auth/user, which says so).
 */
export async function sessionUser(
  request: FastifyRequest,
  db: Db,
): Promise<{ user: User; secondFactor: SecondFactorState } | undefined> {
  const principal = await sessionPrincipal(request, db);
  if (!principal) return undefined;
  if (request.membership === undefined) request.membership = principal.membership;
  const { user, hasPasskey } = principal;
  return { user, secondFactor: await secondFactorState(request, db, user, hasPasskey) };
}

/** The signed-in user of this request (second factor passed when they have one), or undefined. */
export async function currentUser(request: FastifyRequest, db: Db): Promise<User | undefined> {
  const signedIn = await sessionUser(request, db);
  return signedIn && signedIn.secondFactor !== "required" ? signedIn.user : undefined;
}

export const staffMustEnrolMessage =
  "Forbidden: staff must turn on a second factor (an authenticator app or a passkey) on the account page before using the back office.";

/** A hook for a whole group of routes: 401 unless signed in. */
export function requireUser(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await currentUser(request, db);
    if (!user) return reply.code(401).send({ message: "Unauthorized" });
    request.user = user;
  };
}

/** The signed-in user of a route behind requireUser. */
export function signedInUser(request: FastifyRequest): User {
  if (!request.user) throw new Error("route is missing the requireUser guard");
  return request.user;
}

/**
 * A hook for the whole /api/admin prefix: 401 unless signed in (second factor passed when the
 * user has one), 403 unless staff, and 403 for staff who have not passed a second factor in this
 * session (those with none yet must enrol first; the demo sign-in outside production counts).
 * A request with an API token acts as the staff member who made it, without the session's
 * checks: its scope was checked as it came in (plugins/api-tokens.ts).
 */
export function requireStaff(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.apiToken !== undefined) {
      if (!request.apiToken) return reply.code(401).send({ message: "Unauthorized" });
      request.user = request.apiToken.user;
      return;
    }
    const user = await currentUser(request, db);
    if (!user) return reply.code(401).send({ message: "Unauthorized" });
    if (!user.isAdmin) {
      return reply.code(403).send({ message: "Forbidden: this area is for agency staff only." });
    }
    if (!request.session.secondFactorAt) {
      return reply.code(403).send({ message: staffMustEnrolMessage });
    }
    request.user = user;
  };
}

/**
 * The company of the signed-in user of a route behind requireUser, and their role in it;
 * undefined when they belong to none (staff, or a member who was removed). Read with the user.
 */
export function signedInMember(request: FastifyRequest): Membership | undefined {
  signedInUser(request);
  return request.membership ?? undefined;
}
