import { webhookEventObjects } from "@shared/schemas/webhook-events";
import { webhookEventLabels, webhookEventTypes } from "@shared/schemas/webhooks";
import { SIGNATURE_HEADER } from "../webhooks/signing";

type Schema = Record<string, unknown>;
type Document = { paths?: Record<string, Record<string, Schema>> } & Record<string, unknown>;

/** The JSON answer of a GET in the document, by its path ({id} style). */
function answerOf(document: Document, route: string): Schema | undefined {
  const get = document.paths?.[route]?.get as
    { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> } | undefined;
  return get?.responses?.["200"]?.content?.["application/json"]?.schema;
}

/** The object an event carries: the GET's answer, or (incidents) an item of the list it holds. */
function objectSchema(document: Document, route: string): Schema | undefined {
  const answer = answerOf(document, route);
  if (!route.endsWith("/monitoring")) return answer;
  const properties = answer?.properties as Record<string, Schema> | undefined;
  return properties?.openIncidents?.items as Schema | undefined;
}

/**
 * The document's webhooks section (OpenAPI 3.1): each event as the POST an endpoint receives,
 * its `data` the very schema of the GET that reads that object (copied from its path, so the two
 * cannot differ). Made after the paths, from webhookEventObjects.
 */
export function withWebhooks<T>(document: T): T {
  const doc = document as Document;
  doc.webhooks = Object.fromEntries(
    webhookEventTypes.map((type) => {
      const { route } = webhookEventObjects[type];
      const data = objectSchema(doc, route) ?? {};
      return [
        type,
        {
          post: {
            operationId: `webhook${type.replace(/(^|\.)([a-z])/g, (_all, _dot, letter: string) => letter.toUpperCase())}`,
            summary: webhookEventLabels[type],
            description: `Sent to endpoints that asked for \`${type}\`, signed in the \`${SIGNATURE_HEADER}\` header. \`data\` is the object as \`GET ${route}\` answers it.`,
            tags: ["Webhooks"],
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["id", "type", "createdAt", "data"],
                    properties: {
                      id: { type: "string", format: "uuid" },
                      type: { type: "string", const: type },
                      createdAt: { type: "string", format: "date-time" },
                      data,
                    },
                  },
                },
              },
            },
            responses: {
              "200": { description: "Received: any 2xx answer within 10 s is a delivery." },
            },
          },
        },
      ];
    }),
  );
  return document;
}
