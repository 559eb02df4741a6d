import type { Server } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./server-process";

export const oidcClient = { id: "harborline-test", secret: "harborline-test-secret-0123456789" };

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with its development sign-in
 * pages: any login and password are accepted, and the account `<login>` has the email
 * `<login>@example.com`.
 */
export async function startOidcProvider(appUrl: string) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: oidcClient.id,
        client_secret: oidcClient.secret,
        redirect_uris: [`${appUrl}/api/callback`],
        post_logout_redirect_uris: [`${appUrl}/`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: `${id}@example.com`,
          email_verified: true,
          given_name: id.charAt(0).toUpperCase() + id.slice(1),
          family_name: "Tester",
          picture: `${appUrl}/favicon.svg`,
        }),
      };
    },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "picture"],
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ["oidc-test-cookie-key-0123456789"] },
  });
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The browser may still hold connections it opened ahead; they would keep close waiting.
        server.closeAllConnections();
      }),
  };
}
