/**
 * API fuzz test: every route of the server's OpenAPI document, plus the better-auth routes
 * that are not zod-described, gets at least FUZZ_RUNS (200) malformed and boundary inputs built by
 * fast-check from the route's own schemas: wrong types, missing and extra fields, 1 MB strings,
 * control and bidi characters, huge and odd numbers, deep nesting, invalid JSON, other users' ids,
 * UUIDs that do not exist, percent-encoded path parameters. Each answer must be a 2xx (the input
 * happened to be valid) or a 4xx with `{ error: { code, message } }`: never a 5xx, a hang or a crash.
 *
 * Reproduce a run with FUZZ_SEED=<the printed seed>; FUZZ_RUNS raises the inputs per route.
 */
import type { Readable } from 'node:stream';
import { signInBodySchema, signUpBodySchema } from '@notewise/shared';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cookieFrom, dialects, request, signUp, startTestApp, TEST_ORIGIN, type TestApp } from '../helpers';
import { loadFactor } from '../support/process-start';

const DEFAULT_SEED = 190_019;
const SEED = Number.parseInt(process.env.FUZZ_SEED ?? String(DEFAULT_SEED), 10);
const RUNS_PER_ROUTE = Math.max(200, Number.parseInt(process.env.FUZZ_RUNS ?? '200', 10) || 200);
/** A request that takes longer than this counts as a hang: 10 s per unit of load per core. */
const REQUEST_TIMEOUT_MS =
  Number.parseInt(process.env.FUZZ_TIMEOUT_MS ?? '0', 10) || Math.round(10_000 * loadFactor());
const TEST_HOST = new URL(TEST_ORIGIN).host;
const FOREIGN_ORIGIN = 'https://evil.example';
const ONE_MB = 1_000_000;

// ---------------------------------------------------------------------------------------------
// The route table: the OpenAPI document, narrowed to what the generators read.

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface RouteSpec {
  method: string;
  /** OpenAPI template: `/api/notes/{id}`. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

const routeKey = (spec: RouteSpec) => `${spec.method} ${spec.path}`;

function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** better-auth's endpoints go through one wildcard route; the product's four are described here. */
const AUTH_ROUTES: RouteSpec[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    pathParams: {},
    query: {},
    body: toJsonSchema(signUpBodySchema),
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    pathParams: {},
    query: {},
    body: toJsonSchema(signInBodySchema),
  },
  { method: 'POST', path: '/api/auth/sign-out', pathParams: {}, query: {}, body: undefined },
  { method: 'GET', path: '/api/auth/get-session', pathParams: {}, query: {}, body: undefined },
];

function routesOf(document: OpenApiDocument): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const pathParams: Record<string, JsonSchema> = {};
      const query: Record<string, JsonSchema> = {};
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') pathParams[parameter.name] = parameter.schema ?? {};
        if (parameter.in === 'query') query[parameter.name] = parameter.schema ?? {};
      }
      const body = operation.requestBody?.content?.['application/json']?.schema;
      routes.push({ method: method.toUpperCase(), path, pathParams, query, body });
    }
  }
  const known = new Set(routes.map(routeKey));
  return [...routes, ...AUTH_ROUTES.filter((route) => !known.has(routeKey(route)))];
}

// ---------------------------------------------------------------------------------------------
// Inputs. Ids are placeholders resolved when the request is sent, so a seed always generates the
// same inputs while the fixtures behind them are re-created.

const ID_REFS = [
  'ownProject',
  'ownNote',
  'ownSharedProject',
  'joinedSharedProject',
  'joinedNote',
  'strangerProject',
  'strangerNote',
  'strangerSharedProject',
  'self',
  'member',
  'stranger',
  'ownCode',
  'strangerCode',
] as const;
type IdRef = (typeof ID_REFS)[number];
type Ids = Record<IdRef, string>;

class IdPlaceholder {
  constructor(
    readonly ref: IdRef,
    /** How the id is mangled on the way: as is, every byte percent-encoded, or with junk appended. */
    readonly shape: 'plain' | 'percent-encoded' | 'suffixed' = 'plain',
  ) {}
}

type Segment = { id: IdPlaceholder } | { raw: string } | { text: string };
/** Name-value pairs (a name may repeat), or a raw query string already encoded, without the `?`. */
type Query = string | [string, unknown][];
type BodyInput =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string | null };

interface FuzzInput {
  as: 'user' | 'anonymous' | 'bad-cookie' | 'tampered-cookie';
  origin: 'own' | 'none' | 'foreign';
  params: Record<string, Segment>;
  query: Query;
  body: BodyInput;
}

const ONE_MB_STRING = 'x'.repeat(ONE_MB);
const OVER_BODY_LIMIT_STRING = 'y'.repeat(1024 * 1024 + 16);

/** Pieces strings are built from: control, bidi, zero-width, combining, emoji, injection-looking. */
const FRAGMENTS = [
  'a',
  'Note',
  ' ',
  '  ',
  '\u0000',
  '\u0001',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u202d',
  '\u2066',
  '\u200f',
  '\u200b',
  '\ufeff',
  '\u2028',
  '\r\n',
  '\t',
  '\ud800',
  '\udfff',
  '😀',
  'e\u0301',
  'ß',
  'İ',
  '<script>alert(1)</script>',
  "'; DROP TABLE notes; --",
  '" OR 1=1 --',
  '%00',
  '%',
  '../',
  '\\',
  '"',
  '{{7*7}}',
  '$\u007b1}',
  '*',
  'NEAR',
  'AND',
  '"unterminated',
  '-',
  '^',
  '()',
];

const NASTY_PRIMITIVES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  -1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  '',
  ' ',
  '\u0000',
  '\u202e',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0x1F',
  '1_000',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  [],
  {},
  [null],
  [[]],
  { length: 1 },
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const textArb: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);

function nested(depth: number, inner: unknown, asArray: boolean): unknown {
  let value = inner;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

const hugeStringArb = fc.constantFrom(ONE_MB_STRING, OVER_BODY_LIMIT_STRING, '\u0000'.repeat(100_000));

/** A value of any wrong type or shape. */
const nastyValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_PRIMITIVES) },
  { weight: 4, arbitrary: textArb },
  { weight: 1, arbitrary: hugeStringArb },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(10, 500, 2000), fc.boolean())
      .map(([depth, asArray]) => nested(depth, 'x', asArray)),
  },
  { weight: 1, arbitrary: fc.array(textArb, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'a', ''), textArb) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

/** Raw bodies JSON.stringify cannot make: broken syntax, deep nesting past any stack, pollution. */
const RAW_BODIES: string[] = [
  '{',
  '{"name":',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '\ufeff{}',
  '{"name":"\\ud800"}',
  '[',
  '"unterminated',
  '{"a":1}{"b":2}',
  '',
  ' ',
  'null',
  '1e999999',
  '-',
  '{"name":"a","name":"b"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\u0000"}',
  `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
  `${'{"a":'.repeat(50_000)}{"__proto__":{"polluted":true}}${'}'.repeat(50_000)}`,
  `{"a":"${OVER_BODY_LIMIT_STRING}"}`,
];

const CONTENT_TYPES: (string | null)[] = [
  'application/json',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  'application/vnd.api+json',
  'application/json, text/plain',
  null,
];

const rawBodyArb: fc.Arbitrary<BodyInput> = fc.oneof(
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom(...RAW_BODIES),
    contentType: fc.constant('application/json'),
  }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.oneof(fc.constantFrom('{"name":"x"}', 'name=x&content=y', '--x\r\n\r\n--x--'), textArb),
    contentType: fc.constantFrom(...CONTENT_TYPES),
  }),
);

/** The kinds of id a field plausibly takes, by its name and the route it is on. */
function preferredRefs(name: string, path: string): IdRef[] {
  if (/user/i.test(name)) return ['self', 'member', 'stranger'];
  if (/note/i.test(name)) return ['ownNote', 'joinedNote', 'strangerNote'];
  if (/project/i.test(name))
    return ['ownProject', 'joinedSharedProject', 'strangerProject', 'ownSharedProject'];
  if (path.includes('/shared-projects'))
    return ['ownSharedProject', 'joinedSharedProject', 'strangerSharedProject'];
  if (path.includes('/projects'))
    return ['ownProject', 'ownSharedProject', 'strangerProject', 'joinedSharedProject'];
  if (path.includes('/notes')) return ['ownNote', 'joinedNote', 'strangerNote'];
  return [...ID_REFS];
}

const NONEXISTENT_IDS = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-4fff-bfff-ffffffffffff'];

function idValueArb(name: string, path: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...preferredRefs(name, path)).map((ref) => new IdPlaceholder(ref)),
    },
    { weight: 2, arbitrary: fc.constantFrom(...ID_REFS).map((ref) => new IdPlaceholder(ref)) },
    { weight: 2, arbitrary: fc.oneof(fc.uuid(), fc.constantFrom(...NONEXISTENT_IDS)) },
  );
}

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD the way a browser does. */
function encodeText(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

const isIdName = (name: string) => /(^id$|Id$)/.test(name);

function stringValueArb(schema: JsonSchema, name: string, path: string): fc.Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 300;
  const lengths = [...new Set([min, max, max + 1, Math.max(0, min - 1), Math.min(max, 64)])];
  const options: fc.Arbitrary<unknown>[] = [
    textArb,
    fc
      .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', ' ', '\u0000', '\u202e', 'é', '😀'))
      .map(([length, char]) => char.repeat(length)),
    fc.string({ minLength: min, maxLength: Math.min(max, 80) }),
  ];
  if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // a pattern fast-check cannot generate from: the other generators still cover the field
    }
  }
  if (schema.format === 'email' || name === 'email') {
    options.push(fc.emailAddress(), fc.constantFrom('fuzz@example.com', 'FUZZ@EXAMPLE.COM', ' a@b.co '));
  }
  if (isIdName(name)) options.push(idValueArb(name, path), idValueArb(name, path));
  if (name === 'code') {
    options.push(fc.constantFrom(new IdPlaceholder('ownCode'), new IdPlaceholder('strangerCode')));
  }
  return fc.oneof(...options);
}

function numberValueArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? -(2 ** 31);
  const max = schema.maximum ?? 2 ** 31;
  const edges = [min, max, min - 1, max + 1, 0, 1, -1, 0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 2, 1e21, 1e308];
  return fc.oneof(
    fc.constantFrom(...edges),
    integer ? fc.integer() : fc.double({ noNaN: true }),
    fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) }),
  );
}

/** Values of the right shape, pushed to the edges of what the schema allows (and one past). */
function boundaryValueArb(schema: JsonSchema, name: string, path: string, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    return fc.oneof(...alternatives.map((alternative) => boundaryValueArb(alternative, name, path, depth)));
  }
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((candidate) => candidate !== 'null');
  let arbitrary: fc.Arbitrary<unknown>;
  if (type === 'string') arbitrary = stringValueArb(schema, name, path);
  else if (type === 'integer' || type === 'number') arbitrary = numberValueArb(schema, type === 'integer');
  else if (type === 'boolean') arbitrary = fc.boolean();
  else if (type === 'array' && depth < 4) {
    arbitrary = fc.array(boundaryValueArb(schema.items ?? {}, name, path, depth + 1), {
      maxLength: (schema.maxItems ?? 5) + 1,
    });
  } else if (type === 'object' && depth < 4) arbitrary = objectValueArb(schema, path, depth + 1);
  else arbitrary = nastyValueArb;
  if (schema.nullable || types.includes('null')) arbitrary = fc.oneof(arbitrary, fc.constant(null));
  return arbitrary;
}

function objectValueArb(schema: JsonSchema, path: string, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    model[name] = boundaryValueArb(property, name, path, depth);
  }
  return fc.record(model, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
}

/**
 * A small valid value: required fields only, or with `every` all fields (the base the canonical
 * cases change one field of, so the rest of the body is valid and the change reaches the handler).
 */
function minimalValue(schema: JsonSchema, name: string, path: string, every = false): unknown {
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object') {
    const keys = every ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
    return Object.fromEntries(
      keys.map((key) => [key, minimalValue(schema.properties?.[key] ?? {}, key, path, every)]),
    );
  }
  if (type === 'string') {
    if (isIdName(name)) return new IdPlaceholder(preferredRefs(name, path)[0] ?? 'ownProject');
    if (schema.format === 'email' || name === 'email') return 'fuzz-minimal@example.com';
    if (name === 'code') return new IdPlaceholder('strangerCode');
    if (schema.pattern === '^\\d{6}$') return '123456';
    if (schema.pattern?.startsWith('^\\/')) return '/notes';
    return 'Fuzz value'.padEnd(schema.minLength ?? 0, '!');
  }
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  return null;
}

function bodyArb(spec: RouteSpec): fc.Arbitrary<BodyInput> {
  const json = (value: unknown): BodyInput => ({ kind: 'json', value });
  if (!spec.body) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<BodyInput>({ kind: 'none' }) },
      { weight: 1, arbitrary: nastyValueArb.map(json) },
      { weight: 1, arbitrary: rawBodyArb },
    );
  }
  const schema = spec.body;
  const properties = Object.keys(schema.properties ?? {});
  const valid = objectValueArb(schema, spec.path);
  const withPropertyKey = (arb: fc.Arbitrary<unknown>) =>
    properties.length > 0
      ? fc
          .tuple(valid, fc.constantFrom(...properties), arb)
          .map(([body, key, value]) => json({ ...body, [key]: value }))
      : arb.map((value) => json({ field: value }));
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(json) },
    { weight: 4, arbitrary: withPropertyKey(nastyValueArb) },
    { weight: 2, arbitrary: withPropertyKey(textArb) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.subarray(properties))
        .map(([body, drop]) =>
          json(Object.fromEntries(Object.entries(body).filter(([key]) => !drop.includes(key)))),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.dictionary(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string()), nastyValueArb))
        .map(([body, extra]) => json({ ...body, ...extra })),
    },
    { weight: 2, arbitrary: nastyValueArb.map(json) },
    { weight: 2, arbitrary: rawBodyArb },
  );
}

/** Path segments as an attacker types them: already percent-encoded, sometimes invalidly. */
const RAW_SEGMENTS = [
  '%00',
  '%E2%80%AE',
  '%2e%2e%2f%2e%2e%2f',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '.',
  '%ZZ',
  '%',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%252e',
  'a%2Fb',
  '%20',
  '%0A',
  '%0D%0A',
  '%7B%7D',
  'x'.repeat(65),
  'x'.repeat(100_000),
  '-1',
  '0',
  '1e309',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'me',
];

/** For the better-auth wildcard: endpoints the product keeps closed, and path tricks. */
const AUTH_WILDCARD_SEGMENTS = [
  'sign-in/email',
  'sign-up/email',
  'sign-out',
  'get-session',
  'list-sessions',
  'revoke-sessions',
  'update-user',
  'delete-user',
  'change-password',
  'change-email',
  'reset-password',
  'forget-password',
  'sign-in/social',
  'callback/github',
  'admin/list-users',
  'ok',
  'error',
  '../me',
  '%2e%2e/me',
  'sign-in%2Femail',
  'SIGN-IN/EMAIL',
];

function segmentArb(name: string, schema: JsonSchema, path: string): fc.Arbitrary<Segment> {
  const options: fc.Arbitrary<Segment>[] = [
    boundaryValueArb(schema, name, path).map((value) =>
      value instanceof IdPlaceholder ? { id: value } : { text: String(value) },
    ),
    textArb.map((text) => ({ text })),
    fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({ raw })),
  ];
  if (isIdName(name)) {
    options.push(
      idValueArb(name, path).map((value) =>
        value instanceof IdPlaceholder ? { id: value } : { text: String(value) },
      ),
      fc
        .tuple(fc.constantFrom(...ID_REFS), fc.constantFrom('percent-encoded' as const, 'suffixed' as const))
        .map(([ref, shape]) => ({ id: new IdPlaceholder(ref, shape) })),
    );
  }
  if (name === '*') options.push(fc.constantFrom(...AUTH_WILDCARD_SEGMENTS).map((raw) => ({ raw })));
  return fc.oneof(...options);
}

const RAW_QUERIES = [
  '%',
  '%zz',
  '%00',
  '&&&',
  '=',
  '==&=',
  'a[b]=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  `q=${'x'.repeat(100_000)}`,
  'q=%ED%A0%80',
];

type QueryPair = [string, unknown];

function queryArb(spec: RouteSpec): fc.Arbitrary<Query> {
  const names = Object.keys(spec.query);
  const pairArb: fc.Arbitrary<QueryPair> = fc.oneof(
    ...names.map((name) =>
      fc.tuple(
        fc.constant(name),
        fc.oneof(boundaryValueArb(spec.query[name] ?? {}, name, spec.path), nastyValueArb, textArb),
      ),
    ),
    fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 10 })), textArb),
  );
  return fc.oneof(
    { weight: names.length > 0 ? 2 : 6, arbitrary: fc.constant<Query>('') },
    { weight: names.length > 0 ? 6 : 1, arbitrary: fc.array(pairArb, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
}

/** Inputs every route gets once whatever the seed: the categories the brief names, field by field. */
function canonicalInputs(spec: RouteSpec): FuzzInput[] {
  const base = (): FuzzInput => ({
    as: 'user',
    origin: 'own',
    params: Object.fromEntries(
      Object.entries(spec.pathParams).map(([name, schema]) => {
        const value = minimalValue(schema, name, spec.path);
        return [name, value instanceof IdPlaceholder ? { id: value } : { text: String(value ?? 'x') }];
      }),
    ),
    query: '',
    body: spec.body ? { kind: 'json', value: minimalValue(spec.body, '', spec.path) } : { kind: 'none' },
  });
  const inputs: FuzzInput[] = [base(), { ...base(), as: 'anonymous' }, { ...base(), as: 'tampered-cookie' }];
  for (const name of Object.keys(spec.pathParams)) {
    const refs: Segment[] = [
      ...preferredRefs(name, spec.path).map((ref) => ({ id: new IdPlaceholder(ref) })),
      ...preferredRefs(name, spec.path).map((ref) => ({ id: new IdPlaceholder(ref, 'percent-encoded') })),
      ...NONEXISTENT_IDS.map((text) => ({ text })),
      ...['%00', '%E2%80%AE', '%ED%A0%80', 'x'.repeat(65), '..%2F..%2F'].map((raw) => ({ raw })),
    ];
    for (const segment of refs) inputs.push({ ...base(), params: { ...base().params, [name]: segment } });
  }
  for (const name of Object.keys(spec.query)) {
    const values: unknown[] = [ONE_MB_STRING.slice(0, 100_000), '\u0000', '\u202e', '-1', '1e309'];
    if (isIdName(name)) values.push(...ID_REFS.map((ref) => new IdPlaceholder(ref)), ...NONEXISTENT_IDS);
    for (const value of values) inputs.push({ ...base(), query: [[name, value]] });
    inputs.push({
      ...base(),
      query: [
        [name, 'a'],
        [name, 'b'],
      ],
    });
  }
  if (spec.body) {
    const minimal = minimalValue(spec.body, '', spec.path) as Record<string, unknown>;
    const full = minimalValue(spec.body, '', spec.path, true) as Record<string, unknown>;
    inputs.push({ ...base(), body: { kind: 'json', value: full } });
    for (const [name, property] of Object.entries(spec.body.properties ?? {})) {
      // 2 ** 31: one past PostgreSQL's integer; 2 ** 53 - 1: the largest a JSON number keeps exact.
      const values: unknown[] = [
        ONE_MB_STRING,
        'a\u0000b',
        '\u202egnp.exe',
        2 ** 31,
        2 ** 53 - 1,
        1e308,
        -1,
        2.5,
        [],
        {},
        null,
      ];
      if (isIdName(name)) values.push(...ID_REFS.map((ref) => new IdPlaceholder(ref)), ...NONEXISTENT_IDS);
      if (property.type === 'array') values.push(['\u0000'], [ONE_MB_STRING], Array(1000).fill('t'));
      for (const value of values)
        inputs.push({ ...base(), body: { kind: 'json', value: { ...full, [name]: value } } });
    }
    for (const value of [[], [minimal], 'string', 1e308, null, nested(2000, minimal, false)]) {
      inputs.push({ ...base(), body: { kind: 'json', value } });
    }
    inputs.push({ ...base(), body: { kind: 'json', value: { ...minimal, extra: 'field' } } });
    inputs.push({ ...base(), body: { kind: 'json', value: {} } });
    inputs.push({ ...base(), body: { kind: 'none' } });
    for (const text of RAW_BODIES)
      inputs.push({ ...base(), body: { kind: 'raw', text, contentType: 'application/json' } });
    inputs.push({ ...base(), origin: 'foreign' }, { ...base(), origin: 'none' });
  }
  return inputs;
}

function inputArb(spec: RouteSpec): fc.Arbitrary<FuzzInput> {
  const params: Record<string, fc.Arbitrary<Segment>> = {};
  for (const [name, schema] of Object.entries(spec.pathParams))
    params[name] = segmentArb(name, schema, spec.path);
  return fc.record({
    as: fc.oneof(
      { weight: 16, arbitrary: fc.constant('user' as const) },
      { weight: 3, arbitrary: fc.constant('anonymous' as const) },
      { weight: 1, arbitrary: fc.constantFrom('bad-cookie' as const, 'tampered-cookie' as const) },
    ),
    origin: fc.oneof(
      { weight: 18, arbitrary: fc.constant('own' as const) },
      { weight: 1, arbitrary: fc.constantFrom('none' as const, 'foreign' as const) },
    ),
    params: fc.record(params),
    query: queryArb(spec),
    body: bodyArb(spec),
  });
}

// ---------------------------------------------------------------------------------------------
// Sending and judging.

interface Session {
  cookie: string;
  email: string;
  password: string;
}

interface Fixtures {
  a: Session;
  b: Session;
  ids: Ids;
}

function resolveId(placeholder: IdPlaceholder, ids: Ids): string {
  const id = ids[placeholder.ref];
  if (placeholder.shape === 'percent-encoded') {
    return [...Buffer.from(id)]
      .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
      .join('');
  }
  if (placeholder.shape === 'suffixed') return `${encodeText(id)}%00`;
  return encodeText(id);
}

/** A query value as a form would send it: ids resolved, anything else as its string form. */
function textOf(value: unknown, ids: Ids): string {
  if (value instanceof IdPlaceholder) return resolveId(value, ids);
  if (typeof value === 'string') return encodeText(value);
  try {
    return encodeText(String(value));
  } catch {
    return encodeText(Object.prototype.toString.call(value));
  }
}

function urlOf(spec: RouteSpec, input: FuzzInput, ids: Ids): string {
  const path = spec.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const segment = input.params[name];
    if (!segment) return 'missing';
    if ('id' in segment) return resolveId(segment.id, ids);
    if ('raw' in segment) return segment.raw;
    return encodeText(segment.text);
  });
  const query =
    typeof input.query === 'string'
      ? input.query
      : input.query.map(([name, value]) => `${encodeText(name)}=${textOf(value, ids)}`).join('&');
  return query ? `${path}?${query}` : path;
}

function payloadOf(body: BodyInput, ids: Ids): { payload?: string; contentType?: string } {
  if (body.kind === 'none') return {};
  if (body.kind === 'raw')
    return { payload: body.text, ...(body.contentType ? { contentType: body.contentType } : {}) };
  const text = JSON.stringify(body.value, (_key, value: unknown) =>
    value instanceof IdPlaceholder ? ids[value.ref] : value,
  );
  return { payload: text ?? 'null', contentType: 'application/json' };
}

function cookieOf(input: FuzzInput, fixtures: Fixtures): string | undefined {
  if (input.as === 'user') return fixtures.a.cookie;
  if (input.as === 'bad-cookie') return `better-auth.session_token=${'garbage'.repeat(500)}`;
  if (input.as === 'tampered-cookie') return `${fixtures.a.cookie.slice(0, -3)}AAA`;
  return undefined;
}

const errorShape = z.object({
  error: z.object({ code: z.string().min(1), message: z.string().min(1) }),
});

async function readBody(stream: Readable, isEventStream: boolean): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    // A streamed AI answer: the first event proves the stream started; the rest is the engine's
    // business (ai-api.test.ts), so it is drained without waiting for it.
    if (isEventStream && Buffer.concat(chunks).includes('\n\n')) {
      stream.resume();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

class Timeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Timeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Verdict {
  /** null when no answer came. */
  status: number | null;
  /** null when the answer is acceptable, else what is wrong with it. */
  problem: string | null;
}

/** Sends one input and judges the answer. */
async function judge(t: TestApp, spec: RouteSpec, input: FuzzInput, fixtures: Fixtures): Promise<Verdict> {
  const { payload, contentType } = payloadOf(input.body, fixtures.ids);
  const cookie = cookieOf(input, fixtures);
  const headers: Record<string, string> = { host: TEST_HOST };
  if (input.origin === 'own' && spec.method !== 'GET') headers.origin = TEST_ORIGIN;
  if (input.origin === 'foreign') headers.origin = FOREIGN_ORIGIN;
  if (cookie) headers.cookie = cookie;
  if (contentType) headers['content-type'] = contentType;
  const options: InjectOptions = {
    method: spec.method as InjectOptions['method'],
    url: urlOf(spec, input, fixtures.ids),
    remoteAddress: '127.0.0.1',
    headers,
    payloadAsStream: true,
    ...(payload !== undefined ? { payload } : {}),
  };
  try {
    return await withTimeout(
      (async () => {
        const response = await t.app.inject(options);
        const type = String(response.headers['content-type'] ?? '');
        const text = await readBody(response.stream(), type.startsWith('text/event-stream'));
        const status = response.statusCode;
        const verdict = (problem: string | null): Verdict => ({ status, problem });
        if (status >= 500) return verdict(`answered ${status}: ${text.slice(0, 300)}`);
        if (status < 200 || (status >= 300 && status < 400)) return verdict(`answered ${status}`);
        if (status < 400) return verdict(null);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return verdict(`answered ${status} without a JSON body: ${text.slice(0, 200)}`);
        }
        if (!errorShape.safeParse(parsed).success) {
          return verdict(`answered ${status} without { error: { code, message } }: ${text.slice(0, 300)}`);
        }
        return verdict(null);
      })(),
      REQUEST_TIMEOUT_MS,
    );
  } catch (error) {
    if (error instanceof Timeout) return { status: null, problem: `hung: ${error.message}` };
    return { status: null, problem: `the request threw: ${String(error).slice(0, 300)}` };
  }
}

/** The input as a reader can retype it: long strings shortened, ids named. */
function describeInput(spec: RouteSpec, input: FuzzInput): string {
  const shorten = (_key: string, value: unknown) => {
    if (value instanceof IdPlaceholder)
      return `<${value.ref}${value.shape === 'plain' ? '' : ` ${value.shape}`}>`;
    if (typeof value === 'string' && value.length > 80) {
      return `${JSON.stringify(value.slice(0, 20)).slice(1, -1)}…<${value.length} chars>`;
    }
    return value;
  };
  return JSON.stringify({ route: routeKey(spec), ...input }, shorten);
}

// ---------------------------------------------------------------------------------------------
// Fixtures: two users; A owns a project, a note, a shared project B joined; B owns the same and
// A joined B's shared project; each has an AI job.

async function createJson(t: TestApp, cookie: string, url: string, body: unknown) {
  const response = await request(t.app, 'POST', url, { cookie, body });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown> & { id: string };
}

async function signedIn(t: TestApp, session: Session): Promise<Session> {
  const me = await request(t.app, 'GET', '/api/me', { cookie: session.cookie });
  if (me.statusCode === 200) return session;
  const response = await request(t.app, 'POST', '/api/auth/sign-in/email', {
    body: { email: session.email, password: session.password },
  });
  if (response.statusCode === 200) return { ...session, cookie: cookieFrom(response) };
  // The account is gone (a fuzzed deletion, a changed password): carry on with a new one.
  const fresh = await signUp(t.app, { name: 'Fuzz Replacement' });
  return { cookie: fresh.cookie, email: fresh.email, password: fresh.password };
}

async function createFixtures(t: TestApp): Promise<Fixtures> {
  const a = await signUp(t.app, { name: 'Fuzz Owner' });
  const b = await signUp(t.app, { name: 'Fuzz Stranger' });
  const strangerProject = await createJson(t, b.cookie, '/api/projects', { name: 'Stranger private' });
  const strangerNote = await createJson(t, b.cookie, '/api/notes', {
    projectId: strangerProject.id,
    title: 'Stranger note',
  });
  const strangerShared = await createJson(t, b.cookie, '/api/shared-projects', { name: 'Stranger shared' });
  const joinedNote = await createJson(t, b.cookie, '/api/notes', {
    projectId: strangerShared.id,
    title: 'Shared',
  });
  const fixtures: Fixtures = {
    a: { cookie: a.cookie, email: a.email, password: a.password },
    b: { cookie: b.cookie, email: b.email, password: b.password },
    ids: {
      ownProject: '',
      ownNote: '',
      ownSharedProject: '',
      joinedSharedProject: strangerShared.id,
      joinedNote: joinedNote.id,
      strangerProject: strangerProject.id,
      strangerNote: strangerNote.id,
      strangerSharedProject: strangerShared.id,
      self: String(a.user.id),
      member: String(b.user.id),
      stranger: String(b.user.id),
      ownCode: '',
      strangerCode: String(strangerShared.code),
    },
  };
  await refreshFixtures(t, fixtures);
  return fixtures;
}

/**
 * Before each route: A signed in, owning a project, a note and a shared project B has joined, and
 * a member of B's shared project. What the previous route left is kept and only what it deleted (or
 * closed to joining) is made again: one set of things per route made every later whole-account
 * export (GET /api/export) zip a project, a note and a shared project per route before it, the
 * largest share of the file's time (decision 087).
 */
async function refreshFixtures(t: TestApp, fixtures: Fixtures) {
  fixtures.a = await signedIn(t, fixtures.a);
  fixtures.b = await signedIn(t, fixtures.b);
  const { a, b, ids } = fixtures;
  const me = await request(t.app, 'GET', '/api/me', { cookie: a.cookie });
  ids.self = String(me.json().id);
  const current = async (url: string) => {
    if (url.endsWith('/')) return undefined;
    const response = await request(t.app, 'GET', url, { cookie: a.cookie });
    return response.statusCode === 200 ? (response.json() as Record<string, unknown>) : undefined;
  };
  if (!(await current(`/api/projects/${ids.ownProject}`))) {
    ids.ownProject = (await createJson(t, a.cookie, '/api/projects', { name: 'Fuzz project' })).id;
    ids.ownNote = '';
  }
  if (!(await current(`/api/notes/${ids.ownNote}`))) {
    ids.ownNote = (
      await createJson(t, a.cookie, '/api/notes', { projectId: ids.ownProject, title: 'Fuzz note' })
    ).id;
  }
  const shared = await current(`/api/shared-projects/${ids.ownSharedProject}`);
  if (shared?.code) {
    ids.ownCode = String(shared.code);
  } else {
    const fresh = await createJson(t, a.cookie, '/api/shared-projects', { name: 'Fuzz shared' });
    ids.ownSharedProject = fresh.id;
    ids.ownCode = String(fresh.code);
  }
  await request(t.app, 'POST', '/api/shared-projects/join', {
    cookie: b.cookie,
    body: { code: ids.ownCode },
  });
  await request(t.app, 'POST', '/api/shared-projects/join', {
    cookie: a.cookie,
    body: { code: ids.strangerCode },
  });
}

/** A 32-bit seed per route, so adding a route leaves the other routes' inputs unchanged. */
function routeSeed(spec: RouteSpec): number {
  let hash = SEED | 0;
  for (const char of routeKey(spec)) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash | 0;
}

// ---------------------------------------------------------------------------------------------

interface RouteTally {
  inputs: number;
  /** Answers 2xx: inputs that happened to be valid, so the fuzz reached the handler's end. */
  ok: number;
  clientError: number;
  ms: number;
}

describe.each(dialects)('API fuzz on %s', (dialect) => {
  let t: TestApp;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('unhandledRejection', onCrash);
    process.on('uncaughtException', onCrash);
    t = await startTestApp(dialect, { DEMO_ACCOUNT: 'false', AUTH_RATE_LIMIT: '100000' });
    await t.app.ready();
  });
  afterAll(async () => {
    process.off('unhandledRejection', onCrash);
    process.off('uncaughtException', onCrash);
    await t?.close();
    await t?.testDb.destroy();
  });

  it("answers the router's own errors (bad percent-encoding, over-long parameter) with the error shape", async () => {
    for (const [url, status] of [
      ['/api/notes/%ED%A0%80', 400],
      [`/api/notes/${'x'.repeat(100_000)}`, 414],
    ] as const) {
      const response = await request(t.app, 'GET', url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
      expect(response.body.length).toBeLessThan(200);
      expect(response.headers['x-request-id']).toBeTruthy();
    }
  });

  it('drops NUL characters before they reach the database (PostgreSQL text cannot hold them)', async () => {
    const { cookie } = await signUp(t.app);
    const project = await request(t.app, 'POST', '/api/projects', {
      cookie,
      body: { name: 'Pro\u0000ject' },
    });
    expect(project.statusCode).toBe(201);
    expect(project.json().name).toBe('Project');
    const note = await request(t.app, 'POST', '/api/notes', {
      cookie,
      body: { projectId: `${project.json().id}\u0000`, title: 'Ti\u0000tle', content: 'Body\u0000 text' },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().title).toBe('Title');
    expect(note.json().content).toContain('Body text');
    const search = await request(t.app, 'GET', '/api/search?q=Ti%00tle', { cookie });
    expect(search.statusCode).toBe(200);
    const byPath = await request(t.app, 'GET', `/api/notes/${note.json().id}%00`, { cookie });
    expect(byPath.statusCode).toBeLessThan(500);
  });

  it(`answers ${RUNS_PER_ROUTE}+ malformed inputs per route with a 2xx or a 4xx error, never a 5xx or a hang`, async () => {
    const routes = routesOf(t.app.swagger() as unknown as OpenApiDocument);
    expect(routes.length).toBeGreaterThan(30);
    const fixtures = await createFixtures(t);
    const tally = new Map<string, RouteTally>();
    const failures: string[] = [];
    const runStarted = performance.now();
    const cpuBefore = process.cpuUsage();
    console.log(
      `API fuzz on ${dialect}: seed ${SEED} (FUZZ_SEED=${SEED} reproduces), ${routes.length} routes`,
    );

    for (const spec of routes) {
      await refreshFixtures(t, fixtures);
      const route: RouteTally = { inputs: 0, ok: 0, clientError: 0, ms: 0 };
      tally.set(routeKey(spec), route);
      const started = performance.now();
      const seen = new Set<string>();
      const check = async (input: FuzzInput) => {
        route.inputs += 1;
        const { status, problem } = await judge(t, spec, input, fixtures);
        if (status !== null && status < 300) route.ok += 1;
        if (status !== null && status >= 400 && status < 500) route.clientError += 1;
        // One line per distinct problem: the first input that shows it.
        const kind = problem?.replace(/:.*$/s, '');
        if (problem && kind && !seen.has(kind)) {
          seen.add(kind);
          failures.push(`${problem}\n    input: ${describeInput(spec, input).slice(0, 1500)}`);
        }
        return true;
      };
      for (const input of canonicalInputs(spec)) await check(input);
      await fc.assert(fc.asyncProperty(inputArb(spec), check), {
        seed: routeSeed(spec),
        numRuns: RUNS_PER_ROUTE,
      });
      route.ms = performance.now() - started;
    }

    // Methods a path does not have: a 404 with the error shape as well.
    const methodsByPath = new Map<string, RouteSpec[]>();
    for (const spec of routes) methodsByPath.set(spec.path, [...(methodsByPath.get(spec.path) ?? []), spec]);
    let otherMethods = 0;
    for (const specs of methodsByPath.values()) {
      const [spec] = specs;
      if (!spec) continue;
      const input = canonicalInputs(spec)[0];
      if (!input) continue;
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        if (specs.some((existing) => existing.method === method)) continue;
        otherMethods += 1;
        const { problem } = await judge(t, { ...spec, method }, input, fixtures);
        if (problem) failures.push(`${problem}\n    input: ${describeInput({ ...spec, method }, input)}`);
      }
    }

    const lines = [...tally].map(
      ([key, route]) =>
        `  ${String(route.inputs).padStart(5)} inputs (2xx ${String(route.ok).padStart(3)}, 4xx ${String(route.clientError).padStart(3)}, ${String(Math.round(route.ms)).padStart(5)} ms)  ${key}`,
    );
    const total = [...tally.values()].reduce((sum, route) => sum + route.inputs, 0);
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `API fuzz on ${dialect}: inputs per route\n${lines.join('\n')}\n  ${otherMethods} requests with a method the path does not have` +
        `\n  total ${total + otherMethods} inputs in ` +
        `${Math.round(performance.now() - runStarted)} ms (this process's CPU: ${Math.round((cpu.user + cpu.system) / 1000)} ms)`,
    );

    const health = await request(t.app, 'GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(crashes).toEqual([]);
    expect(failures.length, `${failures.length} problems:\n${failures.join('\n')}`).toBe(0);
    for (const route of tally.values()) expect(route.inputs).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
    // A ceiling for a hang, not a budget: the PostgreSQL run took 547 s of the old 600 s at load 20
    // (decision 099).
  }, 1_800_000);
});
