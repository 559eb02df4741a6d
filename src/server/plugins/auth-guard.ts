import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import type { User } from "../db/schema";
import { findUserById } from "../auth/users";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by the guard of the routes that need one. */
    user: User | null;
  }
}

export function decorateUser(app: FastifyInstance) {
  app.decorateRequest("user", null);
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
