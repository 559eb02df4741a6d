import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets the server must read back (the TOTP secret) are kept encrypted with AES-256-GCM under a
 * key derived from SESSION_SECRET (HKDF-SHA-256), so a copy of the database alone reveals none.
 * Changing SESSION_SECRET makes stored secrets unreadable: their owners enrol again.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string | undefined };

const VERSION = "v1";

/** `purpose` gives each use a key of its own, all derived from the one secret. */
export function createSecretBox(
  sessionSecret: string,
  purpose = "second-factor secrets v1",
): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", sessionSecret, "harborline", purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, ...[iv, tag, body].map((part) => part.toString("base64url"))].join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || !body) {
        return undefined;
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([
          decipher.update(Buffer.from(body, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return undefined;
      }
    },
  };
}
