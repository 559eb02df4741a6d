import {
  accountNameSchema,
  accountSchema,
  emailNoticesSchema,
  passkeyNameSchema,
  passkeyRegistrationSchema,
  passkeyViewSchema,
  recoveryCodesSchema,
  revokedSchema,
  securityEventListSchema,
  sessionIdParams,
  sessionListSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupSchema,
  webauthnOptionsSchema,
} from "@shared/schemas/account";
import { auditContext, listSecurityEvents, recordAudit, withAudit } from "../../audit/audit";
import { emailNoticesOf, updateEmailNotices, updateName } from "../../auth/account";
import {
  addPasskey,
  CHALLENGE_LIFETIME_MS,
  listPasskeys,
  registrationOptions,
  relyingParty,
  removePasskey,
  renamePasskey,
  toPasskeyView,
} from "../../auth/passkeys";
import { markSecondFactorPassed, secondFactorAttempt } from "../../auth/second-factor";
import { createSecretBox } from "../../auth/secret-box";
import { listSessions, revokeOtherSessions, revokeSession } from "../../auth/sessions";
import {
  checkTotp,
  disableTotp,
  enableTotp,
  newTotpSecret,
  recoveryCodesLeft,
  totpStep,
} from "../../auth/totp";
import type { Db } from "../../db/client";
import type { User } from "../../db/schema";
import { signedInMember, signedInUser } from "../../plugins/auth-guard";
import {
  deletedResponses,
  errorResponses,
  forSignedInClients,
  idParams,
  notFound,
  notFoundResponse,
  WRITE_BODY_LIMIT,
  type RoutePlugin,
} from "./common";

async function accountOf(db: Db, user: User) {
  const [keys, codesLeft] = await Promise.all([
    listPasskeys(db, user.id),
    recoveryCodesLeft(db, user.id),
  ]);
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isStaff: user.isAdmin,
    totpEnabled: Boolean(user.totpEnabledAt),
    recoveryCodesLeft: user.totpEnabledAt ? codesLeft : 0,
    passkeys: keys.map(toPasskeyView),
    notices: emailNoticesOf(user),
  };
}

const conflict = { 409: errorResponses[400] };

/**
 * The account page, for every signed-in user (staff too): name, email notices, sessions, the
 * second factor (TOTP with recovery codes, passkeys) and the user's own security events.
 */
export const accountRoutes: RoutePlugin = async (app, { db, config }) => {
  const box = createSecretBox(config.sessionSecret);
  const rp = relyingParty(config.publicUrl);

  await forSignedInClients(app, db, (account) => {
    account.get(
      "/api/account",
      { schema: { response: { 200: accountSchema, ...errorResponses } } },
      async (request) => accountOf(db, signedInUser(request)),
    );

    account.patch(
      "/api/account",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { body: accountNameSchema, response: { 200: accountSchema, ...errorResponses } },
      },
      async (request) => accountOf(db, await updateName(db, signedInUser(request), request.body)),
    );

    account.put(
      "/api/account/notices",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { body: emailNoticesSchema, response: { 200: accountSchema, ...errorResponses } },
      },
      async (request) => {
        const user = signedInUser(request);
        const notices = await updateEmailNotices(db, user, request.body);
        return accountOf(db, { ...user, emailNotices: notices });
      },
    );

    account.get(
      "/api/account/sessions",
      { schema: { response: { 200: sessionListSchema, ...errorResponses } } },
      async (request) => listSessions(db, signedInUser(request).id, request.session.sessionId),
    );

    account.delete(
      "/api/account/sessions/:id",
      { schema: { params: sessionIdParams, response: deletedResponses } },
      async (request, reply) => {
        const user = signedInUser(request);
        const revoked = await withAudit(db, auditContext(request), async (tx, audit) => {
          if (!(await revokeSession(tx, user.id, request.params.id))) return false;
          await audit({
            action: "session.revoked",
            targetType: "session",
            targetId: request.params.id.slice(0, 12),
            changes: { after: { current: request.params.id === request.session.sessionId } },
          });
          return true;
        });
        if (!revoked) return reply.code(404).send(notFound("Session"));
        if (request.params.id === request.session.sessionId) {
          // The row is gone: nothing must write it back at the end of this answer.
          await request.session.destroy();
        }
        return reply.code(204).send(null);
      },
    );

    account.post(
      "/api/account/sessions/sign-out-others",
      {
        schema: {
          summary: "Sign out every other session",
          response: { 200: revokedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const revoked = await withAudit(db, auditContext(request), async (tx, audit) => {
          const sids = await revokeOtherSessions(
            tx,
            signedInUser(request).id,
            request.session.sessionId,
          );
          for (const sid of sids) {
            await audit({
              action: "session.revoked",
              targetType: "session",
              targetId: sid.slice(0, 12),
              changes: { after: { others: true } },
            });
          }
          return sids;
        });
        return { revoked: revoked.length };
      },
    );

    account.get(
      "/api/account/security-events",
      { schema: { response: { 200: securityEventListSchema, ...errorResponses } } },
      async (request) =>
        listSecurityEvents(db, signedInUser(request).id, signedInMember(request)?.companyId),
    );

    // TOTP: a new secret waits (encrypted) in the session until its first code confirms it.
    account.post(
      "/api/account/totp/setup",
      {
        schema: {
          summary: "Start setting up an authenticator app",
          response: { 200: totpSetupSchema, ...conflict, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        if (user.totpEnabledAt) {
          return reply.code(409).send({ message: "The authenticator app is already turned on." });
        }
        const { secret, otpauthUrl } = newTotpSecret(user.email);
        request.session.totpSetup = box.seal(secret);
        const qrSvg = await (
          await import("qrcode")
        ).default.toString(otpauthUrl, { type: "svg", margin: 1 });
        return { secret, otpauthUrl, qrSvg };
      },
    );

    account.post(
      "/api/account/totp",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: totpConfirmSchema,
          response: { 200: recoveryCodesSchema, ...conflict, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        if (user.totpEnabledAt) {
          return reply.code(409).send({ message: "The authenticator app is already turned on." });
        }
        const secret = request.session.totpSetup ? box.open(request.session.totpSetup) : undefined;
        if (!secret) {
          return reply
            .code(400)
            .send({ message: "Start the setup again: scan a new QR code first." });
        }
        const step = totpStep(secret, user.email, request.body.code);
        if (step === undefined) {
          const message = "That code is not right. Check the time on your phone and try again.";
          return reply.code(400).send({ message, errors: { code: message } });
        }
        const recoveryCodes = await withAudit(db, auditContext(request), async (tx, audit) => {
          const codes = await enableTotp(tx, box, user, secret, step);
          await audit({
            action: "auth.second-factor-enrolled",
            targetType: "user",
            targetId: user.id,
            changes: { after: { method: "totp" } },
          });
          return codes;
        });
        request.session.totpSetup = undefined;
        markSecondFactorPassed(request);
        return { recoveryCodes };
      },
    );

    account.delete(
      "/api/account/totp",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: { body: totpDisableSchema, response: { 200: accountSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        if (!user.totpEnabledAt) return accountOf(db, user);
        const outcome = await secondFactorAttempt(db, user.id, async (tx, locked) => {
          if (await checkTotp(tx, box, locked, request.body.code)) return "passed";
          await recordAudit(tx, auditContext(request), {
            action: "auth.second-factor-failed",
            targetType: "user",
            targetId: user.id,
            changes: { after: { method: "totp", turningOff: true } },
          });
          return "wrong";
        });
        if (!outcome) return reply.code(401).send({ message: "Unauthorized" });
        if (outcome === "too-many") {
          return reply
            .code(429)
            .send({ message: "Too many wrong codes. Wait 15 minutes and try again." });
        }
        if (outcome === "wrong") {
          const message = "That code is not right. Enter the current code from your app.";
          return reply.code(400).send({ message, errors: { code: message } });
        }
        await withAudit(db, auditContext(request), async (tx, audit) => {
          await disableTotp(tx, user);
          await audit({
            action: "auth.second-factor-removed",
            targetType: "user",
            targetId: user.id,
            changes: { after: { method: "totp" } },
          });
        });
        return accountOf(db, { ...user, totpEnabledAt: null, totpSecretEncrypted: null });
      },
    );

    // Passkeys: the challenge is kept in the session and used once.
    account.post(
      "/api/account/passkeys/options",
      {
        schema: {
          summary: "Start adding a passkey",
          response: { 200: webauthnOptionsSchema, ...errorResponses },
        },
      },
      async (request) => {
        const options = await registrationOptions(db, rp, signedInUser(request));
        request.session.webauthn = {
          challenge: options.challenge,
          purpose: "register",
          expiresAt: Date.now() + CHALLENGE_LIFETIME_MS,
        };
        return options as unknown as Record<string, unknown>;
      },
    );

    account.post(
      "/api/account/passkeys",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          body: passkeyRegistrationSchema,
          response: { 201: passkeyViewSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const challenge = request.session.webauthn;
        request.session.webauthn = undefined;
        if (!challenge || challenge.purpose !== "register" || challenge.expiresAt < Date.now()) {
          return reply.code(400).send({ message: "The passkey request expired. Try again." });
        }
        const passkey = await withAudit(db, auditContext(request), async (tx, audit) => {
          const added = await addPasskey(
            tx,
            rp,
            user,
            challenge.challenge,
            request.body.name,
            request.body.response,
          );
          if (added) {
            await audit({
              action: "passkey.added",
              targetType: "passkey",
              targetId: added.id,
              changes: { after: { name: added.name } },
            });
          }
          return added;
        });
        if (!passkey) {
          return reply.code(400).send({ message: "The passkey could not be verified. Try again." });
        }
        markSecondFactorPassed(request);
        return reply.code(201).send(toPasskeyView(passkey));
      },
    );

    account.patch(
      "/api/account/passkeys/:id",
      {
        bodyLimit: WRITE_BODY_LIMIT,
        schema: {
          params: idParams,
          body: passkeyNameSchema,
          response: { 200: passkeyViewSchema, ...notFoundResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const row = await renamePasskey(
          db,
          signedInUser(request).id,
          request.params.id,
          request.body.name,
        );
        return row ? toPasskeyView(row) : reply.code(404).send(notFound("Passkey"));
      },
    );

    account.delete(
      "/api/account/passkeys/:id",
      { schema: { params: idParams, response: deletedResponses } },
      async (request, reply) => {
        const row = await withAudit(db, auditContext(request), async (tx, audit) => {
          const removed = await removePasskey(tx, signedInUser(request).id, request.params.id);
          if (removed) {
            await audit({
              action: "passkey.removed",
              targetType: "passkey",
              targetId: removed.id,
              changes: { before: { name: removed.name } },
            });
          }
          return removed;
        });
        if (!row) return reply.code(404).send(notFound("Passkey"));
        return reply.code(204).send(null);
      },
    );
  });
};
