import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import type { User } from "../db/schema";
import type { Membership } from "@shared/schemas/team";
import { findUserById } from "../auth/users";
import { findMembership } from "../team/team";

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

/** The signed-in user of this request, or undefined. */
export async function currentUser(request: FastifyRequest, db: Db): Promise<User | undefined> {
  const userId = request.session.userId;
  return userId ? findUserById(db, userId) : undefined;
}

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

/** A hook for the whole /api/admin prefix: 401 unless signed in, 403 unless staff. */
export function requireStaff(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await currentUser(request, db);
    if (!user) return reply.code(401).send({ message: "Unauthorized" });
    if (!user.isAdmin) {
      return reply.code(403).send({ message: "Forbidden: this area is for agency staff only." });
    }
    request.user = user;
  };
}

/**
 * The company of the signed-in user of a route behind requireUser, and their role in it;
 * undefined when they belong to none (staff, or a member who was removed). Read once a request.
 */
export async function signedInMember(
  request: FastifyRequest,
  db: Db,
): Promise<Membership | undefined> {
  if (request.membership === undefined) {
    request.membership = (await findMembership(db, signedInUser(request).id)) ?? null;
  }
  return request.membership ?? undefined;
}
