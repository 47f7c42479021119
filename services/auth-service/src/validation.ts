import { ValidationError } from '@tunnelscope/service-kit';
import type { z } from 'zod';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses input with a contracts schema. A missing or non-object body is read as `{}`, so the
 * answer names the first missing field in the spec's words rather than "expected object"
 * (calls without a payload arrive as JSON with an empty body).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(isPlainObject(input) ? input : {});
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

/** A field as the body sent it, for the log of a refused attempt, if it is a string. */
export function claimedString(input: unknown, field: string): string | null {
  const value = isPlainObject(input) ? input[field] : undefined;
  return typeof value === 'string' ? value : null;
}
