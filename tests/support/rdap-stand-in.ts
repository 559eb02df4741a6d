import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { close, listen } from "./local-server";

/**
 * A local stand-in for IANA's RDAP bootstrap file and two registries' RDAP servers, so lookups
 * run for real (Node's fetch, a real HTTP server) without the network. `/dns.json` lists .com
 * and .net here; .com answers as Verisign's server does (RFC 9083 with ICANN's response profile:
 * the expiry in `events`, the registrar as an entity with a vCard), .net leaves the expiry out
 * and links ("related") to the registrar's RDAP record, as thin registries do.
 */

/** A registered domain, as the registry (and, for .net, the registrar) publishes it. */
export type StandInRecord = {
  /** ISO 8601, as RDAP's eventDate ("2027-03-04T04:00:00Z"). */
  expiresAt: string;
  registrar?: string;
  status?: string[];
  /** For .net: where the registry's "related" link sends (a base URL); the stand-in's own by default. */
  registrarBase?: string;
};

/** How the registry answers for a name: a record, or one of the ways lookups go wrong. */
export type StandInAnswer =
  | StandInRecord
  /** A domain record whose expiry is no date. */
  | "malformed"
  /** Not JSON at all (an error page). */
  | "not-json"
  /** A body past any sensible size. */
  | "huge"
  /** Headers, then nothing: the client's timeout must end it. */
  | "silent"
  /** 503, as a registry over its rate limit answers. */
  | "unavailable";

export type StandInRequest = { path: string; accept: string | undefined };

export type RdapStandIn = {
  /** The stand-in's origin, with a trailing slash. */
  url: string;
  /** RDAP_BOOTSTRAP_URL for the app. */
  bootstrapUrl: string;
  /** What the registry answers per domain name; a name not here is 404. */
  domains: Map<string, StandInAnswer>;
  /** Every request, oldest first. */
  requests: StandInRequest[];
  /** How many times the registry (not the registrar) was asked about one domain. */
  lookupsOf(name: string): number;
  close(): Promise<void>;
};

const RDAP_TYPE = "application/rdap+json";

const vcard = (name: string) => [
  "vcard",
  [
    ["version", {}, "text", "4.0"],
    ["fn", {}, "text", name],
  ],
];

/** A .com registry answer, shaped as Verisign's (trimmed of nameservers and notices' text). */
function verisignAnswer(base: string, name: string, record: StandInRecord, withExpiry: boolean) {
  const upper = name.toUpperCase();
  return {
    objectClassName: "domain",
    handle: `${Math.abs(hash(name))}_DOMAIN_COM-VRSN`,
    ldhName: upper,
    links: [
      {
        value: `${base}domain/${upper}`,
        rel: "self",
        href: `${base}domain/${upper}`,
        type: RDAP_TYPE,
      },
      ...(withExpiry
        ? []
        : [
            {
              value: `${base}domain/${upper}`,
              rel: "related",
              href: `${record.registrarBase ?? new URL("/registrar/", base).href}domain/${upper}`,
              type: RDAP_TYPE,
            },
          ]),
    ],
    status: record.status ?? ["client transfer prohibited"],
    entities: [
      {
        objectClassName: "entity",
        handle: "146",
        roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: "146" }],
        vcardArray: vcard(record.registrar ?? "Example Registrar, Inc."),
        entities: [
          {
            objectClassName: "entity",
            roles: ["abuse"],
            vcardArray: [
              "vcard",
              [
                ["version", {}, "text", "4.0"],
                ["fn", {}, "text", ""],
                ["tel", { type: "voice" }, "uri", "tel:+1.4805058800"],
                ["email", {}, "text", "abuse@registrar.example"],
              ],
            ],
          },
        ],
      },
    ],
    events: [
      { eventAction: "registration", eventDate: "2015-08-14T04:00:00Z" },
      ...(withExpiry ? [{ eventAction: "expiration", eventDate: record.expiresAt }] : []),
      { eventAction: "last update of RDAP database", eventDate: "2026-11-02T09:00:00Z" },
    ],
    secureDNS: { delegationSigned: false },
    nameservers: [
      { objectClassName: "nameserver", ldhName: "NS1.REGISTRAR.EXAMPLE" },
      { objectClassName: "nameserver", ldhName: "NS2.REGISTRAR.EXAMPLE" },
    ],
    rdapConformance: [
      "rdap_level_0",
      "icann_rdap_technical_implementation_guide_1",
      "icann_rdap_response_profile_1",
    ],
    notices: [
      {
        title: "Terms of Use",
        description: ["Service subject to Terms of Use."],
        links: [
          {
            href: "https://www.verisign.com/domain-names/registration-data-access-protocol/terms-service/index.xhtml",
            type: "text/html",
          },
        ],
      },
    ],
  };
}

/** The registrar's own record of a .net name: the expiry the registry left out. */
function registrarAnswer(name: string, record: StandInRecord) {
  return {
    objectClassName: "domain",
    ldhName: name,
    status: record.status ?? ["client transfer prohibited"],
    events: [{ eventAction: "expiration", eventDate: record.expiresAt }],
    entities: [{ objectClassName: "entity", roles: ["registrar"], vcardArray: vcard("Ignored") }],
  };
}

function hash(text: string): number {
  return [...text].reduce((value, char) => (value * 31 + char.charCodeAt(0)) | 0, 7);
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": RDAP_TYPE }).end(JSON.stringify(body));
}

export async function startRdapStandIn(): Promise<RdapStandIn> {
  const domains = new Map<string, StandInAnswer>();
  const requests: StandInRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname;
    requests.push({ path, accept: request.headers.accept });
    if (path === "/dns.json") {
      return sendJson(response, 200, {
        description: "RDAP bootstrap file for Domain Name System registrations",
        publication: "2026-11-02T09:00:00Z",
        services: [
          [["com"], [`${stand.url}com/v1/`]],
          [["net"], [`${stand.url}net/v1/`]],
        ],
        version: "1.0",
      });
    }
    const match = /^\/(com|net|registrar)(?:\/v1)?\/domain\/([^/]+)$/.exec(path);
    const name = decodeURIComponent(match?.[2] ?? "").toLowerCase();
    const answer = domains.get(name);
    if (!match || !answer || (match[1] !== "registrar" && !name.endsWith(`.${match[1]}`))) {
      return sendJson(response, 404, {
        errorCode: 404,
        title: "Not Found",
        rdapConformance: ["rdap_level_0"],
      });
    }
    if (answer === "unavailable") return sendJson(response, 503, { errorCode: 503 });
    if (answer === "not-json") {
      return response.writeHead(200, { "content-type": "text/html" }).end("<h1>Maintenance</h1>");
    }
    if (answer === "silent") {
      response.writeHead(200, { "content-type": RDAP_TYPE });
      return response.write("{");
    }
    if (answer === "huge") {
      response.writeHead(200, { "content-type": RDAP_TYPE });
      return response.end(
        JSON.stringify({ objectClassName: "domain", remarks: "x".repeat(2_000_000) }),
      );
    }
    if (answer === "malformed") {
      const record = { expiresAt: "in a year or so" };
      return sendJson(response, 200, verisignAnswer(`${stand.url}com/v1/`, name, record, true));
    }
    if (match[1] === "registrar") return sendJson(response, 200, registrarAnswer(name, answer));
    const base = `${stand.url}${match[1]}/v1/`;
    return sendJson(response, 200, verisignAnswer(base, name, answer, match[1] === "com"));
  });
  const url = await listen(server);
  const stand: RdapStandIn = {
    url,
    bootstrapUrl: `${url}dns.json`,
    domains,
    requests,
    lookupsOf: (name) => {
      const registry = `/${name.slice(name.lastIndexOf(".") + 1)}/v1/domain/${name}`;
      return requests.filter((request) => request.path.toLowerCase() === registry).length;
    },
    close: () => close(server),
  };
  return stand;
}
