import type { QueryFunction } from "@tanstack/react-query";
import type { ErrorBody } from "@shared/schemas/errors";

/**
 * The body of an error answer from our API: `{ message, errors? }` (errors: by field). Partial:
 * a proxy's own error page may lack even the message.
 */
type ApiErrorBody = Partial<ErrorBody>;

/**
 * A non-ok answer. Its message is the seed's "<status>: <body text>", or "<status>: <status
 * text>" when the body is empty; read `status`, `json` and `fieldErrors` rather than the message.
 * Otherwise it is the plain Error it always was (same name, no enumerable properties of its own),
 * so an error compared with `new Error("<status>: ...")` still matches.
 */
export class ApiError extends Error {
  readonly #status: number;
  readonly #body: string;
  readonly #statusText: string;

  constructor(status: number, body: string, statusText = "") {
    super(`${status}: ${body || statusText}`);
    this.#status = status;
    this.#body = body;
    this.#statusText = statusText;
  }

  /** The HTTP status: 400, 401, 404, 429, ... */
  get status(): number {
    return this.#status;
  }

  /** The body's text, as it came ("" when there was none). */
  get body(): string {
    return this.#body;
  }

  /** The status text ("Not Found"), which the message shows when the body is empty. */
  get statusText(): string {
    return this.#statusText;
  }

  /** The body as the API's error answer, or undefined when it is not a JSON object. */
  get json(): ApiErrorBody | undefined {
    try {
      const parsed: unknown = JSON.parse(this.#body);
      return parsed !== null && typeof parsed === "object" ? (parsed as ApiErrorBody) : undefined;
    } catch {
      return undefined;
    }
  }

  /** The field messages of a 400 answer (`errors: { field: message }`), if it has any. */
  get fieldErrors(): Record<string, string> | undefined {
    const errors: unknown = this.#status === 400 ? this.json?.errors : undefined;
    if (!errors || typeof errors !== "object") return undefined;
    const entries = Object.entries(errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
}

/** Throws an ApiError for any non-ok response. */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    throw new ApiError(res.status, await res.text(), res.statusText);
  }
}

/**
 * A write (or any one-off request): JSON body and content type only when there is data,
 * cookies included, throws on a non-ok response, and returns the Response.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { "Content-Type": "application/json" } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: "include",
    signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** A GET of JSON, cookies included; throws an ApiError on a non-ok response. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: "include", signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** A write through apiRequest whose answer is JSON, or null when it is 204 No Content. */
export async function sendJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (res.status === 204 ? null : await res.json()) as T;
}

type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * A cached read: GET of the query key parts joined with "/", cookies included, JSON parsed.
 * On 401 it resolves to null with `on401: "returnNull"` and throws with `on401: "throw"`.
 */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) {
      return null;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
