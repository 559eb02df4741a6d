import type * as OpenId from "openid-client";
import type { Config } from "../config";

export type OidcLogin = { url: URL; state: string; nonce: string; codeVerifier: string };
export type OidcProfile = {
  email: string;
  firstName?: string;
  lastName?: string;
  profileImageUrl?: string;
  /** The provider's email_verified claim; undefined when it sends none (many directories). */
  emailVerified?: boolean;
  idToken?: string;
};

export class OidcError extends Error {}

/** Loaded at the first sign-in through the provider: a server without one never loads it. */
const openId = () => import("openid-client");

/**
 * Sign-in through any standard OpenID Connect provider: authorization code with PKCE, state and
 * nonce. The provider's metadata is discovered on first use and kept.
 */
export function createOidc(settings: NonNullable<Config["oidc"]>, publicUrl: string) {
  const redirectUri = `${publicUrl}/api/callback`;
  let discovered: Promise<OpenId.Configuration> | undefined;

  const configuration = () => {
    discovered ??= openId()
      .then((client) =>
        client.discovery(
          new URL(settings.issuerUrl),
          settings.clientId,
          settings.clientSecret,
          undefined,
          // A provider on plain http is only acceptable on this machine (tests, local setups).
          isLocalHttp(settings.issuerUrl) ? { execute: [client.allowInsecureRequests] } : undefined,
        ),
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcError(`The sign-in provider could not be reached: ${String(error)}`);
      });
    return discovered;
  };

  return {
    async startLogin(): Promise<OidcLogin> {
      const config = await configuration();
      const client = await openId();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },

    async finishLogin(
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<OidcProfile> {
      const config = await configuration();
      const client = await openId();
      let tokens;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new OidcError(`The sign-in could not be completed: ${String(error)}`);
      }
      const claims = tokens.claims();
      let email = typeof claims?.email === "string" ? claims.email : undefined;
      let given = claims?.given_name;
      let family = claims?.family_name;
      let picture = claims?.picture;
      let verified = claims?.email_verified;
      if (!email && claims) {
        // Some providers put profile claims only in the UserInfo answer.
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = info.email;
        given ??= info.given_name;
        family ??= info.family_name;
        picture ??= info.picture;
        verified ??= info.email_verified;
      }
      if (!email) throw new OidcError("The sign-in provider did not share an email address.");
      return {
        email,
        firstName: typeof given === "string" ? given : undefined,
        lastName: typeof family === "string" ? family : undefined,
        profileImageUrl: typeof picture === "string" ? picture : undefined,
        emailVerified: typeof verified === "boolean" ? verified : undefined,
        idToken: tokens.id_token,
      };
    },

    /** The provider's end-session URL, when it has one. */
    async logoutUrl(idToken: string | undefined): Promise<string | undefined> {
      const config = await configuration().catch(() => undefined);
      if (!config?.serverMetadata().end_session_endpoint) return undefined;
      const client = await openId();
      return client
        .buildEndSessionUrl(config, {
          post_logout_redirect_uri: `${publicUrl}/`,
          ...(idToken ? { id_token_hint: idToken } : {}),
        })
        .toString();
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;

function isLocalHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}
