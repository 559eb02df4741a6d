import { plainText } from "@shared/schemas/fields";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  publicStatusSchema,
  subscribedSchema,
  subscribeInputSchema,
} from "@shared/schemas/status-pages";
import type { Db } from "../../db/client";
import type { StatusPage } from "../../db/schema";
import { siteInMaintenance } from "../../monitoring/maintenance";
import { atomFeed, badgeSvg } from "../../status-pages/feeds";
import { hostnameOf, knownStatusHosts, ownHostCheck } from "../../status-pages/hosts";
import { shownPageByHost, shownPageBySlug, statusPagePath } from "../../status-pages/pages";
import {
  pageLinks,
  renderMessagePage,
  renderStatusPage,
  type PageLinks,
} from "../../status-pages/render";
import { publicStatus } from "../../status-pages/status";
import {
  confirmSubscription,
  subscribe,
  unsubscribe,
  type SubscriberSettings,
} from "../../status-pages/subscriptions";
import { CROSS_ORIGIN_RESOURCE } from "../../plugins/security";
import { errorResponses, fileResponse, notFoundResponse, type RoutePlugin } from "./common";

/** A page's parts, as their paths name them after the page's own address. */
type Part =
  { kind: "page" } | { kind: "json" } | { kind: "feed" } | { kind: "badge"; websiteId: string };

/** Public answers change within a minute of the monitor's checks. */
const PUBLIC_CACHE = "public, max-age=60";

const notFoundPage = (reply: FastifyReply, back = "/") =>
  reply
    .code(404)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(
      renderMessagePage("Not found", "There is no status page here.", {
        href: back,
        label: "Home",
      }),
    );

/** A page's status for programs, as the route's response schema would serialize it. */
const publicStatusJson = serializerCompiler({
  schema: publicStatusSchema,
  method: "GET",
  url: "/status/:slug.json",
});

/** Answers one part of a shown page. */
async function answerPart(
  db: Db,
  publicUrl: string,
  page: StatusPage,
  part: Part,
  links: PageLinks,
  reply: FastifyReply,
) {
  const status = await publicStatus(db, page, publicUrl);
  reply.header("cache-control", PUBLIC_CACHE);
  if (!page.indexed) reply.header("x-robots-tag", "noindex");
  switch (part.kind) {
    case "page":
      return reply
        .type("text/html; charset=utf-8")
        .send(renderStatusPage(status, status.maintenance, links, { indexed: page.indexed }));
    case "json":
      // At /status/<slug>.json and at a client's host alike, checked against its published shape.
      return reply
        .serializer(publicStatusJson)
        .type("application/json; charset=utf-8")
        .header("access-control-allow-origin", "*")
        .header("cross-origin-resource-policy", CROSS_ORIGIN_RESOURCE)
        .send(status);
    case "feed": {
      const origin = page.customHost ? `https://${page.customHost}` : publicUrl;
      return reply
        .type("application/atom+xml; charset=utf-8")
        .send(atomFeed(status, { page: status.url, feed: `${origin}${links.feed}` }));
    }
    case "badge": {
      const site = status.sites.find((s) => s.id === part.websiteId);
      if (!site) return notFoundPage(reply, links.page);
      return reply
        .type("image/svg+xml")
        .header("cross-origin-resource-policy", CROSS_ORIGIN_RESOURCE)
        .send(badgeSvg(site, { inMaintenance: await siteInMaintenance(db, site.id, new Date()) }));
    }
  }
}

const BADGE = /^badge\/([0-9a-f-]{36})\.svg$/;

/** A path after a page's address ("", ".json", "/feed.atom", "/badge/<id>.svg") as a part. */
function partOf(rest: string): Part | undefined {
  if (rest === "" || rest === "/") return { kind: "page" };
  if (rest === ".json" || rest === "/status.json") return { kind: "json" };
  if (rest === "/feed.atom") return { kind: "feed" };
  const badge = BADGE.exec(rest.slice(1));
  return badge ? { kind: "badge", websiteId: badge[1]! } : undefined;
}

const wantsHtml = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

/**
 * The public status pages: /status/<slug> (and .json, /feed.atom, /badge/<site>.svg), the same at
 * a client's own host name, the subscription form's target, and the confirm and one-click
 * unsubscribe links of the emails. A page that is off, or not there, answers 404.
 */
export const publicStatusRoutes: RoutePlugin = async (app, { db, config }) => {
  const settings: SubscriberSettings = {
    publicUrl: config.publicUrl,
    agencyInbox: config.agencyInbox,
  };
  // The form posts (and one-click unsubscribe, RFC 8058) are urlencoded: a small body at most.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 2048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const tokenQuery = z.object({
    token: plainText("token", "token must be the one in the email's link")
      .max(100, "token must be the one in the email's link")
      .default(""),
  });
  const pageParams = z.object({
    slug: z
      .string({ error: "The status page's address is missing" })
      .max(60, "A status page's address is at most 60 characters"),
  });
  // For programs: the answer is checked against its published shape.
  app.get(
    "/status/:slug.json",
    { schema: { params: pageParams, response: { 200: publicStatusSchema } } },
    async (request, reply) => {
      const page = await shownPageBySlug(db, request.params.slug);
      if (!page) return notFoundPage(reply);
      return answerPart(
        db,
        config.publicUrl,
        page,
        { kind: "json" },
        pageLinks(page.slug, false),
        reply,
      );
    },
  );

  app.get("/status/*", async (request, reply) => {
    const rest = (request.params as { "*": string })["*"];
    const match = /^([a-z0-9-]{1,60})((?:\.json)|(?:\/.*))?$/.exec(rest.split("?")[0]!);
    const part = match && partOf(match[2] ?? "");
    const page = part ? await shownPageBySlug(db, match[1]!) : undefined;
    if (!page || !part) return notFoundPage(reply);
    return answerPart(db, config.publicUrl, page, part, pageLinks(page.slug, false), reply);
  });

  app.get(
    "/status/:slug/confirm",
    { schema: { params: pageParams, querystring: tokenQuery } },
    async (request, reply) => {
      const page = await shownPageBySlug(db, request.params.slug);
      const done = page && (await confirmSubscription(db, page, request.query.token));
      const back = { href: statusPagePath(request.params.slug), label: "Back to the status page" };
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      if (!done) {
        return reply
          .code(404)
          .send(
            renderMessagePage(
              "Link not valid",
              "This confirmation link is not valid (or the subscription was removed).",
              back,
            ),
          );
      }
      return reply.send(
        renderMessagePage(
          "Subscription confirmed",
          `You will be emailed about incidents and maintenance on ${page.name}.`,
          back,
        ),
      );
    },
  );
  // The link in each email shows a button (a link scanner's GET changes nothing); the mail
  // client's one-click POST (List-Unsubscribe-Post) and the button unsubscribe at once.
  app.get(
    "/status/:slug/unsubscribe",
    { schema: { params: pageParams, querystring: tokenQuery } },
    async (request, reply) => {
      const action = `${statusPagePath(request.params.slug)}/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(
          renderMessagePage(
            "Unsubscribe",
            "Stop the emails about incidents and maintenance of this status page?",
            { href: statusPagePath(request.params.slug), label: "Back to the status page" },
            { action, button: "Unsubscribe" },
          ),
        );
    },
  );
  app.post(
    "/status/:slug/unsubscribe",
    { config: { crossSite: true }, schema: { params: pageParams, querystring: tokenQuery } },
    async (request, reply) => {
      const page = await shownPageBySlug(db, request.params.slug);
      const removed = page && (await unsubscribe(db, page, request.query.token));
      const back = { href: statusPagePath(request.params.slug), label: "Back to the status page" };
      const [status, title, message] = removed
        ? [200, "Unsubscribed", "You will not be emailed about this status page again."]
        : [
            404,
            "Link not valid",
            "This unsubscribe link is not valid, or you were unsubscribed already.",
          ];
      reply.code(status).header("cache-control", "no-store");
      // The page's button and a mail program's one-click post are forms; a program gets JSON.
      if (!wantsHtml(request)) return reply.send({ message });
      return reply.type("text/html; charset=utf-8").send(renderMessagePage(title, message, back));
    },
  );

  app.post(
    "/api/status/:slug/subscriptions",
    {
      bodyLimit: 2048,
      schema: {
        summary: "Subscribe to a status page's incident updates",
        params: pageParams,
        // A program posting JSON gets 202 (or an error as JSON); a form gets a page (200, or the
        // error's status with a page saying what to fix).
        response: {
          202: subscribedSchema,
          ...fileResponse("text/html", "For a form: a page saying to check the inbox"),
          ...notFoundResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const page = await shownPageBySlug(db, request.params.slug);
      const html = wantsHtml(request);
      const back = {
        href:
          page?.customHost && hostnameOf(request.headers.host) === page.customHost
            ? "/"
            : statusPagePath(request.params.slug),
        label: "Back to the status page",
      };
      if (!page) {
        return html
          ? notFoundPage(reply)
          : reply.code(404).send({ message: "Status page not found" });
      }
      const parsed = subscribeInputSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? "Invalid email address";
        return html
          ? reply
              .code(400)
              .type("text/html; charset=utf-8")
              .send(
                renderMessagePage(
                  "Check the address",
                  `${message}: go back and enter an email address like name@example.com.`,
                  back,
                ),
              )
          : reply.code(400).send({ message, errors: { email: message } });
      }
      await db.transaction((tx) => subscribe(tx, page, parsed.data.email, settings));
      const message = "Check your inbox: we sent a link to confirm your subscription.";
      return html
        ? reply
            .code(200)
            .type("text/html; charset=utf-8")
            .send(renderMessagePage("Almost done", message, back))
        : reply.code(202).send({ message });
    },
  );
};

/**
 * A client's own host name (status.client.com) answers its status page: "/", "/status.json",
 * "/feed.atom" and "/badge/<site>.svg". Requests to our own host, and the API on any host, go on
 * as usual; so does a host name no shown page has, at no query (the known names are kept).
 */
export function registerStatusHosts(app: FastifyInstance, db: Db, publicUrl: string) {
  const isOwnHost = ownHostCheck(publicUrl);
  const known = knownStatusHosts(db);
  app.addHook("onRequest", async (request, reply) => {
    if (isOwnHost(request.headers.host)) return;
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const path = request.url.split("?")[0]!;
    if (path.startsWith("/api/")) return;
    const host = hostnameOf(request.headers.host);
    if (!(await known.has(host))) return;
    const page = await shownPageByHost(db, host);
    if (!page) return;
    const part = partOf(path);
    if (!part || (part.kind === "json" && path !== "/status.json")) return notFoundPage(reply);
    return answerPart(db, publicUrl, page, part, pageLinks(page.slug, true), reply);
  });
}
