/**
 * Valid-looking values from the contracts' zod schemas: `z.toJSONSchema` (zod 4) gives the
 * shape, this turns it into a fast-check arbitrary. No kept library converts JSON Schema to
 * fast-check for the ESM/zod-4 stack here, so this small converter covers the keywords the
 * contracts produce (object, array, string with min/max/pattern/enum/const, number, integer,
 * boolean, null, anyOf). Refinements and transforms do not reach JSON Schema, so fields whose
 * rule lives in one (e-mails, Play Store links, uuids, IPs, passwords) get a generator by name.
 */
import fc from 'fast-check';
import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  default?: unknown;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Values that satisfy the rules JSON Schema cannot carry, keyed by property name. */
export interface Hints {
  emails: fc.Arbitrary<string>;
  uuids: fc.Arbitrary<string>;
  adminUsernames: fc.Arbitrary<string>;
}

const ipv4 = fc.ipV4();
const anyIp = fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('8.8.8.8', '10.1.2.3', '::1', '185.220.1.77'));
const strongPassword = fc
  .tuple(
    fc.stringMatching(/^[a-z]{3,8}$/),
    fc.stringMatching(/^[A-Z]{2,6}$/),
    fc.integer({ min: 0, max: 9999 }),
  )
  .map(([a, b, n]) => `${b}${a}${n}!`.padEnd(10, 'x'));
const cidr = fc.oneof(
  fc.ipV4().map((ip) => `${ip.replace(/\.\d+$/, '.0')}/24`),
  fc.constantFrom('2001:db8::/32', '203.0.113.0/24', '0.0.0.0/0'),
);

function byName(name: string, hints: Hints): fc.Arbitrary<unknown> | undefined {
  switch (name) {
    case 'email':
    case 'userEmail':
    case 'ownerEmail':
      return hints.emails;
    case 'requestId':
    case 'sessionId':
      return hints.uuids;
    case 'otpCode':
    case 'totpCode':
      return fc.stringMatching(/^\d{6}$/);
    case 'playstoreLink':
      return fc
        .stringMatching(/^[a-z]{2,12}(\.[a-z]{2,8}){1,3}$/)
        .map((pkg) => `https://play.google.com/store/apps/details?id=${pkg}`);
    case 'ipAddress':
      return ipv4;
    case 'ip':
      return anyIp;
    case 'ips':
      return fc.array(anyIp, { minLength: 1, maxLength: 20 });
    case 'password':
    case 'newPassword':
      return strongPassword;
    case 'username':
      return hints.adminUsernames;
    case 'allowedNetworks':
      return fc.array(cidr, { maxLength: 3 });
    case 'useCase':
      return fc.constantFrom('fraud-prevention', 'research', 'other', null);
    case 'timestamp':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'details':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return undefined;
  }
}

/** A string of `min`..`max` characters, mostly readable, sometimes any unicode. */
function boundedString(min = 0, max = 200): fc.Arbitrary<string> {
  const cap = Math.min(max, min + 80);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: cap }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }) },
  );
}

export function arbitraryOf(node: JsonSchema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const named = name ? byName(name, hints) : undefined;
  if (named) return named;
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.anyOf) return fc.oneof(...node.anyOf.map((n) => arbitraryOf(n, hints, name)));
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'object': {
      const props = node.properties ?? {};
      const required = new Set(node.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(props)) model[key] = arbitraryOf(child, hints, key);
      return fc.record(model, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    case 'array':
      return fc.array(arbitraryOf(node.items ?? {}, hints), {
        minLength: node.minItems ?? 0,
        maxLength: Math.min(node.maxItems ?? 5, 5),
      });
    case 'string':
      if (node.pattern) {
        try {
          return fc.stringMatching(new RegExp(node.pattern));
        } catch {
          // lookaheads and the like: fall through to a bounded string
        }
      }
      return boundedString(node.minLength ?? 0, node.maxLength ?? 200);
    case 'integer':
      return fc.integer({
        min: Math.max(node.minimum ?? -1000, -1_000_000_000),
        max: Math.min(node.maximum ?? 1000, 1_000_000_000),
      });
    case 'number':
      return fc.double({ min: node.minimum ?? -1000, max: node.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
