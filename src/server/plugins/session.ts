import fastifyCookie from "@fastify/cookie";
import fastifySession from "@fastify/session";
import connectPgSimple from "connect-pg-simple";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import { SESSION_LIFETIME_MS } from "../auth/sessions";
import { loadSession, type Principal } from "../auth/principal";

declare module "fastify" {
  interface Session {
    userId?: string;
    /** The OpenID Connect provider's ID token, for its end-session endpoint at logout. */
    idToken?: string;
    /** Checks of an OpenID Connect sign-in in progress. */
    /** Where to go after an email or demo sign-in. */
    returnTo?: string;
    /** The browser's user agent at sign-in, for the account page's list of sessions. */
    userAgent?: string;
    /** When this session signed in (ISO time). */
    signedInAt?: string;
    /** When the second factor was passed in this session (ISO time); unset: not passed. */
    secondFactorAt?: string;
    /** A TOTP secret being set up, encrypted, until its first code confirms it. */
    totpSetup?: string;
    /** The open WebAuthn challenge (single use) and what it is for. */
    webauthn?: { challenge: string; purpose: "register" | "sign-in"; expiresAt: number };
  }
  interface FastifyRequest {
    /** Who the session was signed in as when this request began, read with the session. */
    sessionPrincipal: Principal | undefined;
  }
}

export const SESSION_COOKIE = "harborline.sid";
/**
 * A readable cookie that only says "a session may exist", so the front end asks who is signed in
 * only then (a first-time visitor makes no auth request). Never trusted by the server.
 */
export const SIGNED_IN_COOKIE = "harborline.signed_in";
const WEEK_MS = SESSION_LIFETIME_MS;
const PRUNE_EVERY_S = 15 * 60;
/** An unchanged session's expiry is written at most this often per instance. */
const TOUCH_EVERY_MS = 60_000;
/** Past this many remembered touches, the stale ones are forgotten. */
const MAX_TOUCHED = 10_000;

/**
 * connect-pg-simple, except that a session is read with who it is signed in as (one round trip
 * where the guard would make two more), and that saving an unchanged session only moves its
 * expiry, and at most once a minute per instance (so "last active" on the account page is to the
 * minute). Every answer saves the session (rolling expiry), and the library saves with an upsert:
 * a dashboard request still in flight when its user logs out would write the deleted session
 * back and sign them in again. An UPDATE of the expiry cannot bring a deleted row back.
 */
function sessionStore(db: Db) {
  const PgStore = connectPgSimple(fastifySession as never);
  return class PrincipalLoadingStore extends PgStore {
    /** When this instance last moved each session's expiry (session id -> ms). */
    private touched = new Map<string, number>();
    /** The principal of the session read last, until the hook after the session's takes it. */
    private justLoaded: { sid: string; principal: Principal | undefined } | undefined;

    // The library's get also starts its prune timer; set, touch and destroy start it as well, and
    // every signed-in session is touched within a minute of use.
    override get(...[sid, callback]: Parameters<InstanceType<typeof PgStore>["get"]>) {
      loadSession(db, sid).then(
        (loaded) => {
          this.justLoaded = { sid, principal: loaded?.principal };
          callback(null, (loaded?.sess ?? null) as Parameters<typeof callback>[1]);
        },
        (error: unknown) => callback(error),
      );
    }

    /**
     * The principal read with this session, once. The session plugin calls its next hook in the
     * same tick as get's callback, so no other request's read comes between; and a mismatch
     * only means the guard reads the user itself.
     */
    takePrincipal(sid: string | undefined): Principal | undefined {
      const loaded = this.justLoaded;
      this.justLoaded = undefined;
      return loaded && loaded.sid === sid ? loaded.principal : undefined;
    }

    override set(...[sid, session, callback]: Parameters<InstanceType<typeof PgStore>["set"]>) {
      // The session library passes its Session object, which knows whether it changed.
      const { isModified } = session as { isModified?: () => boolean };
      if (isModified?.call(session) !== false) {
        this.touched.delete(sid);
        return super.set(sid, session, callback);
      }
      // A week's expiry moved a minute later changes nothing anyone sees, and skipping the write
      // spares every portal read a round trip and a commit.
      const now = Date.now();
      if (now - (this.touched.get(sid) ?? 0) < TOUCH_EVERY_MS) return callback?.();
      if (this.touched.size >= MAX_TOUCHED) {
        for (const [id, at] of this.touched)
          if (now - at >= TOUCH_EVERY_MS) this.touched.delete(id);
      }
      this.touched.set(sid, now);
      return super.touch(sid, session, callback);
    }

    override destroy(...[sid, callback]: Parameters<InstanceType<typeof PgStore>["destroy"]>) {
      this.touched.delete(sid);
      return super.destroy(sid, callback);
    }
  };
}

/**
 * Server-side sessions in the `sessions` table (connect-pg-simple), on PostgreSQL and on PGlite
 * alike: a cookie holds only the signed session id, so deleting the row signs the browser out.
 */
export async function registerSessions(app: FastifyInstance, config: Config, database: Database) {
  const store = new (sessionStore(database.db))({
    pool: database.sessionPool as never,
    tableName: "sessions",
    createTableIfMissing: false,
    pruneSessionInterval: PRUNE_EVERY_S,
    // Called as (what, error): the error goes through the logger's err serializer, without values.
    errorLog: (what: unknown, err?: unknown) =>
      app.log.error({ err }, `session store: ${String(what)}`),
  });
  app.addHook("onClose", async () => store.close());

  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: config.sessionSecret,
    cookieName: SESSION_COOKIE,
    store: store as never,
    saveUninitialized: false,
    // Every answer to a signed-in browser pushes the expiry a week ahead.
    rolling: true,
    cookie: {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.publicUrl.startsWith("https://"),
      maxAge: WEEK_MS,
    },
  });
  app.decorateRequest("sessionPrincipal", undefined);
  app.addHook("onRequest", (request, _reply, done) => {
    request.sessionPrincipal = store.takePrincipal(request.session?.sessionId);
    done();
  });

  const secure = config.publicUrl.startsWith("https://");
  let warnedOfPlainHttp = false;
  app.addHook("onSend", async (request, reply) => {
    // A Secure session cookie is not set on a request that came over plain http, so the marker
    // must not say there is a session either.
    if (request.session?.userId && secure && request.protocol !== "https") {
      if (!warnedOfPlainHttp) {
        warnedOfPlainHttp = true;
        request.log.warn(
          "PUBLIC_URL is https but a signed-in request came over plain http, so no session cookie was set: behind a TLS proxy, set TRUST_PROXY (docs/deploy.md)",
        );
      }
    } else if (request.session?.userId) {
      reply.setCookie(SIGNED_IN_COOKIE, "1", {
        path: "/",
        sameSite: "lax",
        secure,
        maxAge: WEEK_MS / 1000,
      });
    } else if (request.cookies?.[SIGNED_IN_COOKIE]) {
      reply.clearCookie(SIGNED_IN_COOKIE, { path: "/" });
    }
  });
}
