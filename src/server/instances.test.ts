import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type TestApp } from "../../tests/support/app";
import { twoAppInstances } from "../../tests/support/instances";
import { SESSION_COOKIE } from "./plugins/session";

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(process.env.TEST_DATABASE_URL && redisUrl)(
  "two server instances on one PostgreSQL and one Redis",
  () => {
    let a: TestApp;
    let b: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ a, b, close } = await twoAppInstances({
        REDIS_URL: redisUrl!,
        API_RATE_LIMIT: "6",
        // As in production: every instance signs cookies with the same secret.
        SESSION_SECRET: "shared-secret-of-both-instances-0123456789",
      }));
    });
    afterAll(() => close?.());

    const whoAmI = (app: TestApp, cookie: string, remoteAddress = "127.0.0.1") =>
      app.app.inject({
        method: "GET",
        url: "/api/auth/user",
        remoteAddress,
        cookies: { [SESSION_COOKIE]: cookie },
      });

    it("shares sessions: made on one, valid on the other; logout on one ends it on both", async () => {
      const cookie = await signInAs(a, "shared@example.com");
      expect((await whoAmI(b, cookie, "10.200.0.1")).statusCode).toBe(200);
      await b.app.inject({
        method: "POST",
        url: "/api/logout",
        remoteAddress: "10.200.0.2",
        cookies: { [SESSION_COOKIE]: cookie },
      });
      expect((await whoAmI(a, cookie, "10.200.0.3")).statusCode).toBe(401);
      expect((await whoAmI(b, cookie, "10.200.0.4")).statusCode).toBe(401);
    });

    it("shares rate limits: the count goes on across instances", async () => {
      const address = `10.201.${randomInt(255)}.${randomInt(255)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const app = i % 2 === 0 ? a : b;
        statuses.push(
          (await app.app.inject({ method: "GET", url: "/api/auth/user", remoteAddress: address }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    });
  },
);
