import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { safeReturnTo } from "@shared/return-to";
import { emailSignInPath, homePath, signInLinks } from "@shared/deep-links";
import {
  authUserSchema,
  checkEmailSchema,
  demoSignInSchema,
  emailLinkQuerySchema,
  emailSignInSchema,
  passkeySignInSchema,
  returnToQuerySchema,
  secondFactorSchema,
  signedInSchema,
} from "@shared/schemas/auth";
import { webauthnOptionsSchema } from "@shared/schemas/account";
import { consumeLoginToken, issueLoginToken, LINK_LIFETIME_MS } from "../../auth/email-links";
import type { Oidc } from "../../auth/oidc";
import { auditContext, recordAudit } from "../../audit/audit";
import { findUserById, maySignIn, publicUser } from "../../auth/users";
import { signedInAccount } from "../../team/sign-up";
import type { Db } from "../../db/client";
import { demoAdminEmail, demoClientEmail } from "../../demo/seed";
import type { User } from "../../db/schema";
import { signInLinkEmail } from "../../mail/templates/sign-in-link";
import { enqueueEmails } from "../../mail/outbox";
import { sessionUser } from "../../plugins/auth-guard";
import {
  authenticationOptions,
  CHALLENGE_LIFETIME_MS,
  relyingParty,
  verifyPasskey,
} from "../../auth/passkeys";
import {
  markSecondFactorPassed,
  secondFactorAttempt,
  secondFactorState,
} from "../../auth/second-factor";
import { createSecretBox } from "../../auth/secret-box";
import { checkTotp, useRecoveryCode } from "../../auth/totp";
import { SESSION_COOKIE } from "../../plugins/session";
import { errorResponses, redirectResponse, type RouteOptions } from "./common";

export type AuthRouteOptions = RouteOptions & { oidc: Oidc | undefined };

export const checkEmailMessage = `Check your email: if the address can sign in, a link is on its way. It works once and expires in ${
  LINK_LIFETIME_MS / 60_000
} minutes.`;

type SignInMethod = "oidc" | "email-link" | "demo" | "passkey";

/** Too many wrong second-factor codes in the window: the step refuses further tries for now. */
export const tooManyCodesMessage =
  "Too many wrong codes. Wait 15 minutes and try again, or use a recovery code later.";
export const wrongCodeMessage =
  "That code is not right. Check your authenticator app (or the recovery code) and try again.";

/**
 * A new session id at every sign-in, so a session id planted before it is worthless; the sign-in
 * goes in the audit log with how it was made.
 */
async function signIn(request: FastifyRequest, db: Db, user: User, method: SignInMethod) {
  await request.session.regenerate();
  request.session.userId = user.id;
  request.session.userAgent = request.headers["user-agent"]?.slice(0, 500);
  request.session.signedInAt = new Date().toISOString();
  // A passkey that verified its user is both factors; the demo sign-in (outside production
  // only) counts as having passed the second factor, so the demo back office opens.
  if (method === "passkey" || method === "demo") markSecondFactorPassed(request);
  await recordAudit(db, auditContext(request, user), {
    action: "auth.signed-in",
    targetType: "user",
    targetId: user.id,
    changes: { after: { method } },
  });
}

const loginPage = (reply: FastifyReply, error: string) =>
  reply.redirect(signInLinks.page(undefined, error));

/**
 * An OpenID Connect sign-in's checks (state, nonce, PKCE verifier) travel in a cookie of their
 * own, sealed, for the callback only: kept in the session, they were lost when another request
 * of the same browser (the sign-in page's passkey offer) saved the session meanwhile.
 */
const OIDC_COOKIE = "harborline.oidc";
const OIDC_CHECKS_MS = 10 * 60 * 1000;
type OidcChecks = {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo?: string | undefined;
  expiresAt: number;
};

/**
 * /api/login, /api/callback and /api/logout are browser navigations. Behind them: OpenID Connect
 * when a provider is set, else single-use email links; demo sign-in outside production only.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
  app,
  { db, config, oidc },
) => {
  app.get(
    "/api/auth/user",
    { schema: { response: { 200: authUserSchema, ...errorResponses } } },
    async (request, reply) => {
      const signedIn = await sessionUser(request, db);
      if (!signedIn) return reply.code(401).send({ message: "Unauthorized" });
      return publicUser(signedIn.user, signedIn.secondFactor);
    },
  );

  // Every return address is checked where it is used, so one stored before a fix is checked too.
  const returnToOf = (value: string | null | undefined) => safeReturnTo(value, config.publicUrl);
  const box = createSecretBox(config.sessionSecret);
  const oidcBox = createSecretBox(config.sessionSecret, "oidc sign-in checks v1");
  /** The checks of a sign-in begun in this browser, while they are fresh; else undefined. */
  const openOidcChecks = (cookie: string | undefined): OidcChecks | undefined => {
    const opened = cookie ? oidcBox.open(cookie) : undefined;
    if (!opened) return undefined;
    const checks = JSON.parse(opened) as OidcChecks;
    return checks.expiresAt > Date.now() ? checks : undefined;
  };
  const rp = relyingParty(config.publicUrl);

  /**
   * Where a sign-in by email link or OIDC lands: the return address or home, or first the
   * second-factor step when the user has one (keeping the return address).
   */
  async function afterSignIn(request: FastifyRequest, user: User, returnTo: string | undefined) {
    if ((await secondFactorState(request, db, user)) === "required") {
      return signInLinks.verify(returnTo);
    }
    return returnTo ?? homePath(user);
  }

  /**
   * The second-factor step: a TOTP code or a recovery code, for a session signed in by email
   * link or OIDC whose user has a second factor. Wrong codes are counted per user (in the audit
   * log), each attempt in turn, and refused with 429 past the limit.
   */
  app.post(
    "/api/login/second-factor",
    {
      bodyLimit: 4 * 1024,
      schema: {
        body: secondFactorSchema,
        response: { 200: signedInSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const signedIn = await sessionUser(request, db);
      if (!signedIn) return reply.code(401).send({ message: "Unauthorized" });
      const { user } = signedIn;
      const redirectTo = returnToOf(request.body.returnTo) ?? homePath(user);
      if (signedIn.secondFactor !== "required") return { redirectTo };
      const code = request.body.code;
      const context = auditContext(request, user);
      // Digits are an app's code (mistyped or not); anything else is tried as a recovery code.
      const method = /^[\d\s]+$/.test(code) ? "totp" : "recovery-code";
      const outcome = await secondFactorAttempt(db, user.id, async (tx, locked) => {
        if (
          /^\d{3}\s?\d{3}$/.test(code) &&
          (await checkTotp(tx, box, locked, code.replace(/\s/g, "")))
        ) {
          return "passed";
        }
        if (method === "recovery-code" && (await useRecoveryCode(tx, locked, code))) {
          await recordAudit(tx, context, {
            action: "auth.recovery-code-used",
            targetType: "user",
            targetId: user.id,
          });
          return "passed";
        }
        await recordAudit(tx, context, {
          action: "auth.second-factor-failed",
          targetType: "user",
          targetId: user.id,
          changes: { after: { method } },
        });
        return "wrong";
      });
      if (!outcome) return reply.code(401).send({ message: "Unauthorized" });
      if (outcome === "too-many") return reply.code(429).send({ message: tooManyCodesMessage });
      if (outcome === "wrong") {
        return reply
          .code(400)
          .send({ message: wrongCodeMessage, errors: { code: wrongCodeMessage } });
      }
      markSecondFactorPassed(request);
      return { redirectTo };
    },
  );

  /**
   * A challenge for a passkey: to sign in (any discoverable passkey of this site) or, for a
   * session waiting for its second factor, one of that user's passkeys. Kept in the session,
   * single use.
   */
  app.post(
    "/api/login/passkey/options",
    {
      schema: {
        summary: "Start signing in with a passkey",
        response: { 200: webauthnOptionsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const signedIn = await sessionUser(request, db);
      const pending = signedIn?.secondFactor === "required" ? signedIn.user : undefined;
      const options = await authenticationOptions(db, rp, pending);
      request.session.webauthn = {
        challenge: options.challenge,
        purpose: "sign-in",
        expiresAt: Date.now() + CHALLENGE_LIFETIME_MS,
      };
      return options as unknown as Record<string, unknown>;
    },
  );

  /**
   * A passkey's answer. For a session waiting for its second factor, a passkey of that user
   * passes it. Otherwise it signs in, when the passkey verified its user (a PIN or biometric):
   * that counts as both factors.
   */
  app.post(
    "/api/login/passkey",
    {
      bodyLimit: 16 * 1024,
      schema: { body: passkeySignInSchema, response: { 200: signedInSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const challenge = request.session.webauthn;
      request.session.webauthn = undefined;
      const refused = (message: string) => reply.code(400).send({ message });
      if (!challenge || challenge.purpose !== "sign-in" || challenge.expiresAt < Date.now()) {
        return refused("The passkey request expired. Try again.");
      }
      const signedIn = await sessionUser(request, db);
      const pending = signedIn?.secondFactor === "required" ? signedIn.user : undefined;
      if (pending) {
        const outcome = await secondFactorAttempt(db, pending.id, async (tx) => {
          const verified = await verifyPasskey(tx, rp, challenge.challenge, request.body.response);
          if (verified?.passkey.userId === pending.id) return "passed";
          await recordAudit(tx, auditContext(request, pending), {
            action: "auth.second-factor-failed",
            targetType: "user",
            targetId: pending.id,
            changes: { after: { method: "passkey" } },
          });
          return "wrong";
        });
        if (!outcome) return reply.code(401).send({ message: "Unauthorized" });
        if (outcome === "too-many") return reply.code(429).send({ message: tooManyCodesMessage });
        if (outcome === "wrong") {
          return refused("That passkey could not be verified. Try again or use a code.");
        }
        markSecondFactorPassed(request);
        return { redirectTo: returnToOf(request.body.returnTo) ?? homePath(pending) };
      }
      const verified = await verifyPasskey(db, rp, challenge.challenge, request.body.response);
      if (!verified || !verified.userVerified) {
        return refused(
          "That passkey could not sign you in. Try again, or use the email link instead.",
        );
      }
      const owner = await findUserById(db, verified.passkey.userId);
      const user = owner ? await signedInAccount(db, config, { email: owner.email }) : undefined;
      if (!user) return refused("That passkey could not sign you in.");
      await signIn(request, db, user, "passkey");
      return { redirectTo: returnToOf(request.body.returnTo) ?? homePath(user) };
    },
  );

  app.get(
    "/api/login",
    {
      schema: {
        querystring: returnToQuerySchema,
        response: {
          ...redirectResponse(
            "To the identity provider's sign-in, the sign-in page, or (signed in) where returnTo says",
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const returnTo = returnToOf(request.query.returnTo);
      const signedIn = await sessionUser(request, db);
      if (signedIn) return reply.redirect(await afterSignIn(request, signedIn.user, returnTo));
      if (!oidc) {
        return reply.redirect(signInLinks.page(returnTo));
      }
      try {
        const { url, ...checks } = await oidc.startLogin();
        const sealed: OidcChecks = { ...checks, returnTo, expiresAt: Date.now() + OIDC_CHECKS_MS };
        reply.setCookie(OIDC_COOKIE, oidcBox.seal(JSON.stringify(sealed)), {
          path: "/api/callback",
          httpOnly: true,
          sameSite: "lax",
          secure: config.publicUrl.startsWith("https://"),
          maxAge: OIDC_CHECKS_MS / 1000,
        });
        return reply.redirect(url.toString());
      } catch (error) {
        request.log.warn({ err: error }, "OIDC sign-in could not start");
        return loginPage(reply, "provider-unavailable");
      }
    },
  );

  const afterProvider = {
    schema: {
      response: {
        ...redirectResponse("Signed in: to where the sign-in began; else to the sign-in page"),
        ...errorResponses,
      },
    },
  };
  app.get("/api/callback", afterProvider, async (request, reply) => {
    const checks = openOidcChecks(request.cookies[OIDC_COOKIE]);
    reply.clearCookie(OIDC_COOKIE, { path: "/api/callback" });
    if (!oidc || !checks) return loginPage(reply, "sign-in-expired");
    try {
      const profile = await oidc.finishLogin(new URL(request.url, config.publicUrl), checks);
      // An address the provider has not verified could be anyone's: it matches no account.
      if (profile.emailVerified === false) return loginPage(reply, "email-unverified");
      const user = await signedInAccount(db, config, profile);
      if (!user) {
        request.log.info("OIDC sign-in refused: no account for this address");
        return loginPage(reply, "not-invited");
      }
      await signIn(request, db, user, "oidc");
      request.session.idToken = profile.idToken;
      return reply.redirect(await afterSignIn(request, user, returnToOf(checks.returnTo)));
    } catch (error) {
      request.log.warn({ err: error }, "OIDC sign-in failed");
      return loginPage(reply, "sign-in-failed");
    }
  });

  const signedOut = "Signed out: to the provider's sign-out, or the home page";
  async function signOut(request: FastifyRequest, reply: FastifyReply, status: 302 | 303) {
    const idToken = request.session.idToken;
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    const providerLogout = oidc ? await oidc.logoutUrl(idToken) : undefined;
    return reply.redirect(providerLogout ?? "/", status);
  }

  // A form on the /logout page posts here; the same-origin check refuses it from other sites.
  await app.register(async (form) => {
    // The form sends no fields, but browsers label even an empty form body.
    form.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    form.post(
      "/api/logout",
      { schema: { response: { ...redirectResponse(signedOut, 303), ...errorResponses } } },
      (request, reply) => signOut(request, reply, 303),
    );
  });

  /**
   * The header's Log Out link. Any page can make a browser GET this address, so it signs out only
   * when the browser says the navigation began on this site or was typed (Sec-Fetch-Site); any
   * other GET lands on the /logout page, which asks first.
   */
  app.get(
    "/api/logout",
    {
      schema: {
        response: {
          ...redirectResponse(`${signedOut}; from another site, to the page that asks first`),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const site = request.headers["sec-fetch-site"];
      if (site === "same-origin" || site === "none") return signOut(request, reply, 302);
      return reply.redirect("/logout");
    },
  );

  if (!oidc) {
    app.post(
      "/api/login/email",
      {
        bodyLimit: 4 * 1024,
        config: { rateLimit: { max: 5, timeWindow: LINK_LIFETIME_MS } },
        schema: {
          body: emailSignInSchema,
          response: { 202: checkEmailSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        // The answer never says whether the address is known, nor whether a link went out. An
        // address with no account (and no right to one) is sent nothing and stores nothing.
        if (!(await maySignIn(db, config, email))) {
          return reply.code(202).send({ message: checkEmailMessage });
        }
        await db.transaction(async (tx) => {
          const token = await issueLoginToken(
            tx,
            email,
            new Date(),
            LINK_LIFETIME_MS,
            returnToOf(request.body.returnTo),
          );
          if (!token) return;
          const link = `${config.publicUrl}${emailSignInPath(token)}`;
          await enqueueEmails(tx, [
            {
              kind: "sign-in-link",
              to: email,
              ...signInLinkEmail({ link, minutes: LINK_LIFETIME_MS / 60_000 }),
            },
          ]);
        });
        return reply.code(202).send({ message: checkEmailMessage });
      },
    );

    app.get(
      "/api/login/email",
      {
        schema: {
          querystring: emailLinkQuerySchema,
          response: {
            ...redirectResponse("Signed in: to where the link was asked from; else to sign-in"),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const link = request.query.token
          ? await consumeLoginToken(db, request.query.token)
          : undefined;
        if (!link) return loginPage(reply, "link-invalid");
        // Undefined when the account was erased after the link was sent.
        const user = await signedInAccount(db, config, { email: link.email });
        if (!user) return loginPage(reply, "link-invalid");
        await signIn(request, db, user, "email-link");
        return reply.redirect(await afterSignIn(request, user, returnToOf(link.returnTo)));
      },
    );
  }

  if (!config.isProduction) {
    app.post(
      "/api/login/demo",
      {
        schema: {
          body: demoSignInSchema,
          response: { 200: authUserSchema, ...errorResponses },
        },
      },
      async (request) => {
        const email = request.body.as === "admin" ? demoAdminEmail : demoClientEmail;
        // The demo accounts are made on first use, whatever OPEN_SIGNUP says.
        const user = await signedInAccount(
          db,
          { adminEmails: request.body.as === "admin" ? [email] : [], openSignup: true },
          { email, firstName: request.body.as === "admin" ? "Avery" : "Jordan" },
        );
        if (!user) throw new Error("the demo account was not created");
        await signIn(request, db, user, "demo");
        return publicUser(user, "passed");
      },
    );
  }
};
