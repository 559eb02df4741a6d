import fc from "fast-check";

/**
 * fast-check arbitraries built from the JSON Schemas of an OpenAPI document: values a schema
 * accepts, and values it refuses. Only the keywords the routes' zod schemas produce are read;
 * anything else falls back to any JSON value.
 */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/** Resolves "#/components/schemas/X" in the document the schemas come from. */
export type Resolve = (ref: string) => JsonSchema;

const anyJson = fc.jsonValue({ maxDepth: 2 });
/** Text kept short: long text is the hostile-input walk's business. */
const MAX_TEXT = 40;

const formatted: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid({ version: 4 }),
  email: fc.emailAddress(),
  date: fc
    .date({ min: new Date("2020-01-01"), max: new Date("2035-12-31"), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  "date-time": fc
    .date({ min: new Date("2020-01-01"), max: new Date("2035-12-31"), noInvalidDate: true })
    .map((date) => date.toISOString()),
  uri: fc.webUrl(),
  url: fc.webUrl(),
};

function text(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format && formatted[schema.format]) return formatted[schema.format]!;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? 1e9));
    } catch {
      // fast-check reads no lookahead: plain text then, valid or not.
    }
  }
  return fc.string({ minLength, maxLength });
}

function numeric(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + (integer ? 1 : 1e-6);
  const high = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - (integer ? 1 : 1e-6);
  const min = Math.max(low, -1e9);
  const max = Math.min(high, 1e9);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts. */
export function validValue(schema: JsonSchema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return validValue(resolve(schema.$ref), resolve, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, resolve, depth)));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf), resolve, depth);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type }, resolve, depth)));
  }
  switch (schema.type) {
    case "string":
      return text(schema);
    case "integer":
      return numeric(schema, true);
    case "number":
      return numeric(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(schema.items ? validValue(schema.items, resolve, depth + 1) : anyJson, {
        minLength,
        maxLength,
      });
    }
    case "object": {
      if (!schema.properties || depth > 4) return fc.constant({});
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(schema.properties).map(([name, property]) => [
          name,
          validValue(property, resolve, depth + 1),
        ]),
      );
      return fc.record(shape, { requiredKeys: [...required].filter((name) => name in shape) });
    }
    default:
      return anyJson;
  }
}

/** A value of another JSON type than any the schema takes. */
function wrongType(schema: JsonSchema, resolve: Resolve): fc.Arbitrary<unknown> {
  if (schema.$ref) return wrongType(resolve(schema.$ref), resolve);
  const types = new Set(
    [schema, ...(schema.anyOf ?? schema.oneOf ?? [])].flatMap((kind) => kind.type ?? []),
  );
  const others: fc.Arbitrary<unknown>[] = [];
  if (!types.has("string")) others.push(fc.string({ maxLength: 10 }));
  if (!types.has("number") && !types.has("integer")) others.push(fc.integer());
  if (!types.has("boolean")) others.push(fc.boolean());
  if (!types.has("null")) others.push(fc.constant(null));
  if (!types.has("array")) others.push(fc.array(fc.integer(), { maxLength: 2 }));
  if (!types.has("object")) others.push(fc.constant({ unexpected: true }));
  return others.length ? fc.oneof(...others) : fc.constant(undefined);
}

/**
 * Values the schema refuses, mostly: a valid object with one property of the wrong type or one
 * required property left out, a value of the wrong type, or out of its bounds.
 */
export function invalidValue(schema: JsonSchema, resolve: Resolve): fc.Arbitrary<unknown> {
  if (schema.$ref) return invalidValue(resolve(schema.$ref), resolve);
  const spoiled: fc.Arbitrary<unknown>[] = [wrongType(schema, resolve)];
  if (schema.type === "object" && schema.properties) {
    const names = Object.keys(schema.properties);
    const valid = validValue(schema, resolve) as fc.Arbitrary<Record<string, unknown>>;
    if (names.length) {
      spoiled.push(
        fc.tuple(valid, fc.constantFrom(...names)).chain(([value, name]) =>
          wrongType(schema.properties![name]!, resolve).map((wrong) => ({
            ...value,
            [name]: wrong,
          })),
        ),
      );
    }
    if (schema.required?.length) {
      spoiled.push(
        fc.tuple(valid, fc.constantFrom(...schema.required)).map(([value, name]) => {
          const copy = { ...value };
          delete copy[name];
          return copy;
        }),
      );
    }
  }
  if (schema.type === "string" && schema.maxLength !== undefined && schema.maxLength < 5_000) {
    spoiled.push(fc.constant("x".repeat(schema.maxLength + 1)));
  }
  if (schema.type === "integer" || schema.type === "number") {
    if (schema.maximum !== undefined) spoiled.push(fc.constant(schema.maximum + 1));
    if (schema.minimum !== undefined) spoiled.push(fc.constant(schema.minimum - 1));
    if (schema.type === "integer") spoiled.push(fc.constant(1.5));
  }
  return fc.oneof(...spoiled);
}
