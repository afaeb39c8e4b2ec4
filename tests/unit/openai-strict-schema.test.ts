import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { FAKE_OPENAI_KEY, startFakeOpenAI, type FakeOpenAI } from '../fakes/openai-peer';
import { responseFormatProblem, strictSchemaProblem, type JsonSchema } from '../fakes/openai-strict-schema';

// The fake OpenAI refuses, as the real API does, a strict json_schema that structured outputs cannot take.

const object = (properties: Record<string, unknown>, extra: JsonSchema = {}): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});
const strict = (schema: unknown, name = 'answer') => ({ type: 'json_schema', json_schema: { name, strict: true, schema } });

describe('strictSchemaProblem', () => {
  it.each<[string, unknown, RegExp]>([
    ['a property left out of required', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], additionalProperties: false }, /Missing 'b'/],
    ['an object without additionalProperties', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, /'additionalProperties' is required/],
    ['additionalProperties: true', object({ a: { type: 'string' } }, { additionalProperties: true }), /'additionalProperties'/],
    ['a nested object missing additionalProperties', object({ inner: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } }), /context=\('properties', 'inner'\)/],
    ['an object in array items with an optional property', object({ list: { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } }, required: [], additionalProperties: false } } }), /context=\('properties', 'list', 'items'\)/],
    ['an array without items', object({ list: { type: 'array' } }), /array schema missing items/],
    ['minLength on a string', object({ a: { type: 'string', minLength: 1 } }), /'minLength' is not permitted/],
    ['maxLength on a string', object({ a: { type: 'string', maxLength: 80 } }), /'maxLength' is not permitted/],
    ['a format outside the documented list', object({ a: { type: 'string', format: 'uri' } }), /'uri' is not a valid format/],
    ['uniqueItems on an array', object({ a: { type: 'array', items: { type: 'string' }, uniqueItems: true } }), /'uniqueItems' is not permitted/],
    ['patternProperties on an object', object({}, { patternProperties: { '^x': { type: 'string' } } }), /'patternProperties' is not permitted/],
    ['oneOf', object({ a: { oneOf: [{ type: 'string' }, { type: 'number' }] } }), /'oneOf' is not permitted/],
    ['allOf', object({ a: { allOf: [{ type: 'string' }] } }), /'allOf' is not permitted/],
    ['if/then/else', object({ a: { type: 'string', if: { const: 'x' }, then: { const: 'x' } } }), /'if' is not permitted/],
    ['a root anyOf', { anyOf: [object({ a: { type: 'string' } })] }, /root schema must not be 'anyOf'/],
    ['a root that is not an object', { type: 'array', items: { type: 'string' } }, /root schema must be of type 'object'/],
    ['an anyOf branch with an open object', object({ a: { anyOf: [{ type: 'null' }, { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] }] } }), /context=\('properties', 'a', 'anyOf', '1'\)/],
    ['a $defs entry with an unlisted property', object({ a: { $ref: '#/$defs/thing' } }, { $defs: { thing: { type: 'object', properties: { b: { type: 'string' } }, required: [], additionalProperties: false } } }), /Missing 'b'/],
    ['a definitions entry with maxLength', object({ a: { $ref: '#/definitions/word' } }, { definitions: { word: { type: 'string', maxLength: 5 } } }), /'maxLength' is not permitted/],
    ['a $ref to a missing definition', object({ a: { $ref: '#/$defs/nowhere' } }), /reference to component '#\/\$defs\/nowhere' which was not found/],
  ])('refuses %s', (_case, schema, message) => {
    expect(strictSchemaProblem(schema)).toMatch(message);
  });

  it.each<[string, unknown]>([
    ['a flat object with every property required', object({ title: { type: 'string' }, done: { type: 'boolean' } })],
    ['an optional field written as a union with null', object({ note: { anyOf: [{ type: 'string' }, { type: 'null' }] }, count: { type: ['integer', 'null'] } })],
    ['nested objects and arrays of objects', object({ list: { type: 'array', items: object({ id: { type: 'string', enum: ['a', 'b'] } }) }, inner: object({ x: { type: 'number' } }) })],
    ['the documented string, number and array keywords', object({ day: { type: 'string', format: 'date', pattern: '^\\d{4}-' }, score: { type: 'number', minimum: 0, maximum: 100, multipleOf: 1 }, tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 4 } })],
    ['$defs with a recursive $ref', object({ tree: { $ref: '#/$defs/node' } }, { $defs: { node: object({ label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }) } })],
    ['a reference to the root', object({ name: { type: 'string' }, child: { anyOf: [{ $ref: '#' }, { type: 'null' }] } })],
  ])('accepts %s', (_case, schema) => {
    expect(strictSchemaProblem(schema)).toBeNull();
  });

  it('accepts what zodResponseFormat makes of the app’s kinds of schema', () => {
    const schemas = {
      actions: z.object({ actions: z.array(z.object({ id: z.enum(['walk', 'sleep']), title: z.string(), description: z.string(), reason: z.string() })).describe('Exactly four') }),
      reply: z.object({ reply: z.string(), done: z.boolean() }),
      insights: z.object({ insights: z.array(z.string()) }),
      optional: z.object({ note: z.string().nullable() }),
    };
    for (const [name, schema] of Object.entries(schemas)) expect([name, responseFormatProblem(zodResponseFormat(schema, name))]).toEqual([name, null]);
  });
});

describe('responseFormatProblem', () => {
  it('checks only strict json_schema formats, and names the format in the message', () => {
    const open = { type: 'object', properties: { a: { type: 'string', minLength: 3 } } };
    expect(responseFormatProblem(undefined)).toBeNull();
    expect(responseFormatProblem({ type: 'json_object' })).toBeNull();
    expect(responseFormatProblem({ type: 'json_schema', json_schema: { name: 'loose', strict: false, schema: open } })).toBeNull();
    expect(responseFormatProblem(strict(open, 'loose'))).toMatch(/^Invalid schema for response_format 'loose': /);
    expect(responseFormatProblem(strict(object({}), 'bad name!'))).toMatch(/json_schema\.name/);
  });
});

describe('the fake OpenAI peer', () => {
  let fake: FakeOpenAI;
  let openai: OpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ chat: { json: { title: 'Walk' } } });
    openai = new OpenAI({ apiKey: FAKE_OPENAI_KEY, baseURL: fake.baseUrl, maxRetries: 0 });
  });
  afterAll(() => fake.stop());

  it('answers 400 invalid_request_error to a schema strict mode refuses, as the SDK sees it', async () => {
    const error = await openai.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], response_format: strict({ type: 'object', properties: { title: { type: 'string' } }, required: [] }, 'title') as never })
      .then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const badRequest = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(badRequest.status).toBe(400);
    expect(badRequest.error).toMatchObject({ type: 'invalid_request_error', param: 'response_format', message: expect.stringMatching(/^Invalid schema for response_format 'title': /) });
  });

  it('answers a schema strict mode takes', async () => {
    const answer = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], response_format: zodResponseFormat(z.object({ title: z.string() }), 'title') });
    expect(answer.choices[0]?.message.content).toBe('{"title":"Walk"}');
  });
});
