import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTenant, type TestTenant } from '../support/factories.js';

/**
 * A bounded fuzzer over every operation of the OpenAPI document, against the
 * real app behind a real HTTP server (with the test run's Temporal server, so
 * operations that start work can). For each operation it sends broken path ids
 * (traversal, NUL, malformed percent-encoding, unicode, huge), broken query
 * values, broken bodies (invalid JSON, wrong content types, scalars, deep
 * nesting) and, for each body field, a missing required field, the wrong
 * type, null, a huge string, NUL and unicode. Every answer must be below 500,
 * and every error must be problem+json whose status matches the response.
 * Deterministic: no random choices, so a failure repeats.
 */

type Schema = Record<string, unknown> & { $ref?: string };
interface Operation {
  method: string;
  path: string;
  operationId: string;
  pathParams: string[];
  queryParams: { name: string; schema: Schema }[];
  body?: Schema;
}
interface Case {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

const PER_REQUEST_TIMEOUT_MS = 20_000;
const MAX_FIELDS_PER_OPERATION = 10;
const CONCURRENCY = 4;

let s: TestServer;
let tenant: TestTenant;
let components: Record<string, Schema>;
let operations: Operation[];

beforeAll(async () => {
  s = await startTestServer({ temporal: true });
  tenant = await createTenant(s, 'owner');
  const doc = (await (await fetch(`${s.baseUrl}/v1/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { operationId: string; parameters?: { name: string; in: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }
      >
    >;
    components: { schemas: Record<string, Schema> };
  };
  components = doc.components.schemas;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}, 60_000);
afterAll(async () => s?.close());

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let i = 0; current.$ref && i < 20; i++) current = components[current.$ref.replace('#/components/schemas/', '')] ?? {};
  return current;
}

const PATTERN_GUESSES = ['fz_01', 'en-US', '+14155550123', 'abc', 'a', '1', 'fz-01', '2026-01-01', 'main', 'US', 'USD', 'a@b.co'];

/** A value the schema accepts where that is easy to tell; the mutations start from it. */
function example(schemaIn: Schema | undefined, depth = 0): unknown {
  const schema = resolve(schemaIn);
  if (depth > 6) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (choices?.length) return example(choices.find((c) => resolve(c).type !== 'null') ?? choices[0], depth + 1);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => example(part, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uri') return 'https://example.com/fuzz';
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (typeof schema.pattern === 'string') {
        const re = new RegExp(schema.pattern, 'u');
        return PATTERN_GUESSES.find((g) => re.test(g)) ?? 'fz_01';
      }
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? schema.exclusiveMinimum ?? 1) + (schema.exclusiveMinimum !== undefined ? 1 : 0);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => example(schema.items as Schema, depth + 1));
    case 'object':
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, example(v, depth + 1)]),
      );
    }
  }
}

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const HUGE = 'h'.repeat(300_000);
const PATH_VARIANTS: [string, string][] = [
  ['plausible id', 'fz_01J0000000000000000000000'],
  ['traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['dot segment', '..'],
  ['NUL', 'a%00b'],
  ['malformed percent-encoding', '%E0%A4%A'],
  ['unicode', encodeURIComponent('ü🙂名\u202e')],
  ['huge', 'a'.repeat(4000)],
  ['quote and SQL', encodeURIComponent("x' or '1'='1")],
];
const QUERY_VARIANTS: [string, string][] = [
  ['empty', ''],
  ['word', 'abc'],
  ['negative', '-1'],
  ['overflow', '1e309'],
  ['huge number', '99999999999999999999999'],
  ['NUL', 'a%00b'],
  ['malformed percent-encoding', '%E0%A4%A'],
  ['unicode', encodeURIComponent('ü🙂名')],
  ['long', 'q'.repeat(4000)],
];
const RAW_BODIES: [string, string, string][] = [
  ['invalid JSON', 'application/json', '{"a":'],
  ['truncated JSON', 'application/json', '{'],
  ['JSON null', 'application/json', 'null'],
  ['JSON array', 'application/json', '[]'],
  ['JSON number', 'application/json', '123'],
  ['JSON string', 'application/json', '"text"'],
  ['empty JSON body', 'application/json', ''],
  ['deep nesting', 'application/json', deep(10_000)],
  ['deep nesting inside an object', 'application/json', `{"a":${deep(100)}}`],
  ['text/plain', 'text/plain', '{}'],
  ['xml', 'application/xml', '<a/>'],
  ['form', 'application/x-www-form-urlencoded', 'a=1&a=2&b=%00'],
  ['multipart garbage', 'multipart/form-data; boundary=zz', '--zz\r\nnope'],
  ['invalid UTF-8', 'application/json', '{"a":"\udc00"}'],
];
const FIELD_MUTATIONS: [string, (valid: unknown) => unknown][] = [
  ['null', () => null],
  ['wrong type', (valid) => (typeof valid === 'string' ? 12345 : typeof valid === 'number' ? 'not a number' : 'not an object')],
  ['object for a scalar', () => ({ nested: { deeper: [1, 2, 3] } })],
  ['huge string', () => HUGE],
  ['NUL', () => 'a\u0000b'],
  ['unicode', () => 'ü🙂名\u202e\uFFFF'],
  ['deep value', () => JSON.parse(deep(60))],
  ['negative number', () => -1e308],
];

function casesFor(op: Operation): Case[] {
  const ids = Object.fromEntries(op.pathParams.map((p) => [p, 'fz_01J0000000000000000000000']));
  const url = (params: Record<string, string>, query = '') => `${s.baseUrl}${op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name])}${query}`;
  const validBody = op.body ? example(op.body) : undefined;
  const json = { 'content-type': 'application/json' };
  const cases: Case[] = [];
  const add = (label: string, c: Omit<Case, 'label' | 'method'>) => cases.push({ label, method: op.method, ...c });
  const baseBody = validBody === undefined ? undefined : JSON.stringify(validBody);

  add('no token', { url: url(ids), headers: { ...json }, body: baseBody });
  add('forged token', { url: url(ids), headers: { ...json, authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }, body: baseBody });
  add('baseline', { url: url(ids), headers: json, body: baseBody });
  for (const [name, value] of PATH_VARIANTS) {
    if (op.pathParams.length === 0) break;
    add(`path ${name}`, { url: url(Object.fromEntries(op.pathParams.map((p) => [p, value]))), headers: json, body: baseBody });
  }
  for (const { name } of op.queryParams) {
    for (const [variant, value] of QUERY_VARIANTS) add(`query ${name} ${variant}`, { url: url(ids, `?${name}=${value}`) });
    add(`query ${name} repeated`, { url: url(ids, `?${name}=1&${name}=2`) });
  }
  if (op.method === 'GET') add('unknown query parameter', { url: url(ids, '?zz_unknown=1') });
  if (op.body) {
    for (const [name, type, text] of RAW_BODIES) add(`body ${name}`, { url: url(ids), headers: { 'content-type': type }, body: text });
    const schema = resolve(op.body);
    const fields = Object.entries((schema.properties ?? {}) as Record<string, Schema>).slice(0, MAX_FIELDS_PER_OPERATION);
    const base = (validBody ?? {}) as Record<string, unknown>;
    for (const [field, fieldSchema] of fields) {
      if (field in base) {
        const { [field]: _dropped, ...without } = base;
        add(`body ${field} missing`, { url: url(ids), headers: json, body: JSON.stringify(without) });
      }
      const valid = field in base ? base[field] : example(fieldSchema);
      for (const [mutation, make] of FIELD_MUTATIONS) {
        add(`body ${field} ${mutation}`, { url: url(ids), headers: json, body: JSON.stringify({ ...base, [field]: make(valid) }) });
      }
    }
    add('body unknown field', { url: url(ids), headers: json, body: JSON.stringify({ ...base, zz_unknown: 1 }) });
  }
  return cases;
}

interface Finding {
  operation: string;
  label: string;
  status: number | string;
  detail: string;
}

async function run(op: Operation, c: Case): Promise<Finding | undefined> {
  const headers: Record<string, string> = c.label === 'no token' || c.label === 'forged token' ? {} : { ...tenant.headers };
  Object.assign(headers, c.headers ?? {});
  if (c.label === 'forged token') headers['x-organization-id'] = tenant.organizationId;
  const finding = (status: number | string, detail: string) => ({ operation: `${op.method} ${op.path}`, label: c.label, status, detail });
  let response: Response;
  try {
    response = await fetch(c.url, {
      method: c.method,
      headers,
      body: c.method === 'GET' ? undefined : c.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(PER_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return finding('no answer', (error as Error).message);
  }
  const text = await response.text();
  if (response.status >= 500) return finding(response.status, text.slice(0, 300));
  if (response.status < 400) return undefined;
  if (!(response.headers.get('content-type') ?? '').startsWith('application/problem+json')) {
    return finding(response.status, `content-type ${response.headers.get('content-type')}: ${text.slice(0, 200)}`);
  }
  try {
    const problem = JSON.parse(text) as { status?: unknown; type?: unknown; title?: unknown; code?: unknown };
    if (problem.status !== response.status || typeof problem.type !== 'string' || typeof problem.title !== 'string' || typeof problem.code !== 'string') {
      return finding(response.status, `not a problem: ${text.slice(0, 200)}`);
    }
  } catch {
    return finding(response.status, `error body is not JSON: ${text.slice(0, 200)}`);
  }
  return undefined;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers every broken request below 500 and every error as problem+json', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const work = operations.flatMap((op) => casesFor(op).map((c) => [op, c] as const));
    const findings: Finding[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < work.length) {
          const [op, c] = work[next++];
          const found = await run(op, c);
          if (found) findings.push(found);
        }
      }),
    );
    process.stderr.write(`[fuzz] ${work.length} requests over ${operations.length} operations, ${findings.length} findings\n`);
    if (process.env.FUZZ_REPORT) (await import('node:fs')).writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(findings, null, 1));
    expect(findings.slice(0, 40)).toEqual([]);
  }, 600_000);

  it('answers a query string over the header limit with a 431 problem', async () => {
    const response = await fetch(`${s.baseUrl}/v1/call_session/get?cursor=${'c'.repeat(20_000)}`, { headers: tenant.headers });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
  });
});
