import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "@shared/schemas/errors";
import { isDatabaseUnavailable } from "../db/errors";
import { DomainFailureError, type DomainFailure, type FailureKind } from "../domain-failure";

export const unavailableBody: ErrorBody = {
  message: "The service is briefly unavailable. Please try again in a few moments.",
};
export const failedBody: ErrorBody = {
  message: "Something went wrong on our side. Please try again.",
};

/** A schema's complaint about one place in the input, as fastify-type-provider-zod reports it. */
export type ValidationIssue = { instancePath: string; keyword: string; message?: string };

/**
 * A field's problem goes under its name (a field may well be called "body"); a problem with the
 * whole body or query (not an object, or a rule across fields) is the message.
 */
export function validationErrorBody(validation: ValidationIssue[]): ErrorBody {
  const errors: Record<string, string> = {};
  let whole: string | undefined;
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    if (field) {
      errors[field] ??= issue.message ?? "Invalid value";
    } else {
      whole ??=
        issue.keyword === "invalid_type"
          ? "The request body must be a JSON object."
          : issue.message;
    }
  }
  const message = whole ?? "Some fields need attention. Please check them and try again.";
  return Object.keys(errors).length > 0 ? { message, errors } : { message };
}

/** The one place a domain failure's kind becomes an HTTP status. */
const statusOf: Record<FailureKind, number> = {
  "not-found": 404,
  conflict: 409,
  invalid: 400,
  "too-many": 429,
  "too-large": 413,
  unsupported: 415,
};

/** Answers a domain failure: its kind's status, its message, and the message under its field. */
export function refuse(reply: FastifyReply, failure: DomainFailure) {
  const body: ErrorBody = {
    message: failure.message,
    ...(failure.field ? { errors: { [failure.field]: failure.message } } : {}),
  };
  return reply.code(statusOf[failure.kind]).send(body);
}

/**
 * The one error handler: JSON { message, errors? }. A 4xx says what the caller can fix;
 * a 5xx says nothing of the internals (they go to the log).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationErrorBody(error.validation));
    }

    // A failure thrown to roll back a transaction, which the route did not answer itself.
    if (error instanceof DomainFailureError) return refuse(reply, error.failure);

    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send(unavailableBody);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientMessage(error) } satisfies ErrorBody);
    }

    request.log.error({ err: error }, "request failed");
    return reply.code(status >= 500 && status < 600 ? status : 500).send(failedBody);
  });
}

/** Fastify's own messages, in words a client developer can act on. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type: send the body as JSON with Content-Type: application/json.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty: send a JSON object.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    default:
      return error.message;
  }
}
