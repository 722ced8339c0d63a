import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeUser, useTestContext } from './helpers';

/**
 * A fuzzer over every operation of the OpenAPI document: path parameters, query strings and JSON
 * bodies made from each operation's schema and from values that have broken servers before (NUL,
 * huge and unicode text, wrong types, numbers out of range, operator objects), sent signed in as an
 * attorney and signed out. No answer may be a 5xx but a 503 saying an outside provider did not
 * answer. A fixed seed keeps the run the same every time;
 * FUZZ_RUNS (default 4 per operation and caller) makes it longer.
 */
const ctx = useTestContext({ API_RATE_LIMIT: 'off' });
const SEED = 20261124;
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: Schema }>;
  body?: Schema;
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

const nasty = fc.constantFrom<unknown>(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(20_000),
  '💥👩‍⚖️‮',
  '../../etc/passwd',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '2025-02-30',
  '9999-12-31T23:59:59Z',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  -1,
  0,
  Number.POSITIVE_INFINITY, // JSON.stringify makes it null; in a query string, "Infinity"
  '1e309',
  Number.MAX_SAFE_INTEGER,
  -0.000001,
  true,
  null,
  [],
  {},
  { $gt: '' },
  [null, 1, 'x'],
);

/** A value for a schema: one it allows, or (often) one it does not. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return nasty;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, depth + 1)), nasty);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), nasty);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const fitting: fc.Arbitrary<unknown> =
    type === 'object'
      ? fc.record(
          Object.fromEntries(
            Object.entries(schema.properties ?? {}).map(([key, s]) => [key, valueFor(s, depth + 1)]),
          ),
          { requiredKeys: [] },
        )
      : type === 'array'
        ? fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 })
        : type === 'integer' || type === 'number'
          ? fc.oneof(fc.integer(), fc.double())
          : type === 'boolean'
            ? fc.boolean()
            : schema.format === 'uuid'
              ? fc.uuid()
              : fc.string({ maxLength: 40 });
  return fc.oneof({ weight: 2, arbitrary: fitting }, { weight: 1, arbitrary: nasty });
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (spec.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (spec.parameters as Operation['parameters'] | undefined) ?? [],
        body: content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

describe('the API under fuzzed input', () => {
  it('answers every fuzzed request to every operation without a 5xx', { timeout: 600_000 }, async () => {
    const attorney = await makeUser(ctx, { userType: 'attorney' });
    const token = (await login(ctx, attorney.email, attorney.password)).body.token as string;
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = operationsOf(document).filter(
      // Signing out ends the session the rest of the run uses.
      (op) => !(op.method === 'POST' && op.path === '/api/tokens/logout'),
    );
    expect(operations.length).toBeGreaterThan(50);
    const statuses: Record<number, number> = {};
    const failures: string[] = [];

    for (const op of operations) {
      const request = fc.record({
        path: fc.record(
          Object.fromEntries(
            op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, valueFor(p.schema)]),
          ),
        ),
        query: fc.record(
          Object.fromEntries(
            op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, valueFor(p.schema)]),
          ),
          { requiredKeys: [] },
        ),
        body: op.body ? valueFor(op.body) : fc.constant(undefined),
        signedIn: fc.boolean(),
      });
      const samples = fc.sample(request, { seed: SEED + operations.indexOf(op), numRuns: RUNS * 2 });
      for (const sample of samples) {
        const url =
          op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(asText((sample.path as Record<string, unknown>)[name])),
          ) +
          (Object.keys(sample.query).length
            ? `?${new URLSearchParams(
                Object.entries(sample.query as Record<string, unknown>).map(([k, v]): [string, string] => [
                  k,
                  asText(v),
                ]),
              ).toString()}`
            : '');
        const response = await ctx.app.inject({
          method: op.method as 'GET',
          url,
          headers: {
            ...(sample.signedIn ? bearer(token) : {}),
            ...(sample.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(sample.body !== undefined ? { payload: JSON.stringify(sample.body) } : {}),
        });
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        // 503 UNAVAILABLE is the honest answer when a provider this context cannot reach is asked
        // (storing Google tokens checks them with Google); it is counted above, not a failure.
        const upstreamDown = response.statusCode === 503 && response.json().code === 'UNAVAILABLE';
        if (response.statusCode >= 500 && !upstreamDown)
          failures.push(
            `${op.method} ${url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      }
    }
    console.info(
      `fuzz: ${Object.values(statuses).reduce((a, b) => a + b, 0)} requests over ${operations.length} operations, by status ${JSON.stringify(statuses)}`,
    );
    expect(failures).toEqual([]);
  });
});
