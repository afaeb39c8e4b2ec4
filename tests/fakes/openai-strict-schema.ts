// What OpenAI's strict structured outputs refuse in a `json_schema` response_format, so the fake refuses it too.
//
// Sources (OpenAI, "Structured Outputs" guide, section "Supported schemas", read 2026-11):
// - Every object needs `additionalProperties: false`, and every property must be listed in `required`
//   (optional fields are written as a union with null).
// - The root must be an object and not `anyOf`. `anyOf` nests; `$defs`/`definitions` with `$ref` (including
//   the recursive `#`) are allowed.
// - Documented as supported: strings `pattern` and `format` (the formats listed below); numbers `multipleOf`,
//   `maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`; arrays `minItems`, `maxItems`.
// - Documented as "not yet supported": composition `allOf`, `not`, `dependentRequired`, `dependentSchemas`,
//   `if`, `then`, `else`. The August 2024 version of the guide also listed, as unsupported, strings
//   `minLength`/`maxLength`, objects `patternProperties`, `unevaluatedProperties`, `propertyNames`,
//   `minProperties`, `maxProperties`, and arrays `unevaluatedItems`, `contains`, `minContains`, `maxContains`,
//   `uniqueItems`; today's guide does not list them as supported, so they are refused here too.
// - `oneOf` is refused by the API ("In context=(), 'oneOf' is not permitted."; OpenAI community forum, topic 932422).
// Conservative both ways: what the guide documents as supported passes; anything it never documented as
// supported, and the keywords above, is refused.

export type JsonSchema = { [key: string]: unknown };

const UNSUPPORTED_KEYWORDS = [
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'minLength',
  'maxLength',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
] as const;

const SUPPORTED_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON Pointer to this spot, as OpenAI names it in its messages ("In context=('properties', 'a')"). */
const context = (path: string[]) => `In context=(${path.map((part) => `'${part}'`).join(', ')})`;

/**
 * The first reason OpenAI's strict mode would refuse this schema, in the words of its 400 message, or null if it
 * would accept it. Walks properties, `items`, `anyOf`, `$defs`/`definitions`, and follows `$ref`.
 */
export function strictSchemaProblem(root: unknown): string | null {
  if (!isSchema(root)) return 'schema must be a JSON Schema object.';
  if (root.anyOf !== undefined) return `${context([])}, the root schema must not be 'anyOf'.`;
  if (root.type !== 'object') return `${context([])}, the root schema must be of type 'object'.`;
  const seen = new Set<JsonSchema>();

  function resolve(ref: string, path: string[]): JsonSchema | string {
    if (ref === '#') return root as JsonSchema;
    const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    const target = match ? (root as JsonSchema)[match[1]!] : undefined;
    const found = match && isSchema(target) ? target[decodeURIComponent(match[2]!.replaceAll('~1', '/').replaceAll('~0', '~'))] : undefined;
    return isSchema(found) ? found : `${context(path)}, reference to component '${ref}' which was not found in the schema.`;
  }

  function walk(schema: unknown, path: string[]): string | null {
    if (!isSchema(schema)) return `${context(path)}, schema must be a JSON Schema object.`;
    if (seen.has(schema)) return null;
    seen.add(schema);

    for (const keyword of UNSUPPORTED_KEYWORDS) {
      if (schema[keyword] !== undefined) return `${context(path)}, '${keyword}' is not permitted.`;
    }
    if (typeof schema.format === 'string' && !SUPPORTED_FORMATS.has(schema.format)) return `${context(path)}, '${schema.format}' is not a valid format.`;

    if (typeof schema.$ref === 'string') {
      const target = resolve(schema.$ref, path);
      if (typeof target === 'string') return target;
      const problem = walk(target, [...path, '$ref']);
      if (problem) return problem;
    }

    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('object') || schema.properties !== undefined) {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      if (schema.additionalProperties !== false) return `${context(path)}, 'additionalProperties' is required to be supplied and to be false.`;
      const required = Array.isArray(schema.required) ? schema.required : [];
      const unlisted = Object.keys(properties).filter((name) => !required.includes(name));
      if (unlisted.length > 0) return `${context(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${unlisted[0]}'.`;
      for (const [name, property] of Object.entries(properties)) {
        const problem = walk(property, [...path, 'properties', name]);
        if (problem) return problem;
      }
    }

    if (types.includes('array') && schema.items === undefined) return `${context(path)}, array schema missing items.`;
    if (schema.items !== undefined) {
      const problem = walk(schema.items, [...path, 'items']);
      if (problem) return problem;
    }

    if (schema.anyOf !== undefined) {
      if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0) return `${context(path)}, 'anyOf' must be a non-empty array.`;
      for (const [index, branch] of schema.anyOf.entries()) {
        const problem = walk(branch, [...path, 'anyOf', String(index)]);
        if (problem) return problem;
      }
    }

    for (const key of ['$defs', 'definitions'] as const) {
      const defs = schema[key];
      if (defs === undefined) continue;
      if (!isSchema(defs)) return `${context(path)}, '${key}' must be an object.`;
      for (const [name, definition] of Object.entries(defs)) {
        const problem = walk(definition, [...path, key, name]);
        if (problem) return problem;
      }
    }
    return null;
  }

  return walk(root, []);
}

/**
 * The 400 message for a chat completion's `response_format`, or null if OpenAI would take it. Only
 * `json_schema` with `strict: true` is checked against the strict rules; a missing schema or name is refused as
 * the API does.
 */
export function responseFormatProblem(responseFormat: unknown): string | null {
  if (responseFormat === undefined) return null;
  if (!isSchema(responseFormat)) return "Invalid type for 'response_format': expected an object.";
  if (responseFormat.type !== 'json_schema') return null;
  const spec = responseFormat.json_schema;
  if (!isSchema(spec)) return "Missing required parameter: 'response_format.json_schema'.";
  const name = typeof spec.name === 'string' ? spec.name : '';
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name)) return "Invalid 'response_format.json_schema.name': must be a-z, A-Z, 0-9, underscores or dashes, at most 64 characters.";
  if (spec.strict !== true) return null;
  const problem = strictSchemaProblem(spec.schema);
  return problem === null ? null : `Invalid schema for response_format '${name}': ${problem}`;
}
