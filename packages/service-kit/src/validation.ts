/**
 * The one validation path: routes declare their body, querystring, params (and response) schemas
 * with zod, from @tunnelscope/contracts, and handlers receive the parsed, typed values. A value
 * that does not match is refused exactly as a service refusing it by hand would: a
 * `ValidationError` built from the zod issues, so the answer is a 400 whose message is the first
 * issue's message (the spec's words, written in the schema).
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { NotFoundError, ValidationError } from './errors.js';

export {
  type FastifyPluginAsyncZod,
  type FastifyPluginCallbackZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

/** Parses a request part with its zod schema; a failure becomes the house ValidationError. */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: ValidationError.fromZod(result.error) };
  };

/**
 * True for the error of a request part its route's schema refused (Fastify marks which part),
 * as opposed to a ValidationError a service threw. For an `onError` hook that logs refused input.
 */
export function isSchemaValidationFailure(err: unknown): err is ValidationError {
  return (
    err instanceof ValidationError && (err as { validationContext?: unknown }).validationContext !== undefined
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Installs the zod validator and serializer. A route with a body schema that receives no body,
 * or a body that is not an object, validates `{}` instead, so the answer names the first missing
 * field in the schema's words rather than "expected object".
 */
export function installZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.refuseNonObjectBody) return;
    if (request.routeOptions.schema?.body !== undefined && !isPlainObject(request.body)) request.body = {};
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body schema sees the body as sent: a JSON array or string is refused as the wrong shape
     * instead of standing in as `{}` (for a route whose fields are all optional, `{}` would pass).
     */
    refuseNonObjectBody?: boolean;
  }
}

/**
 * A `preValidation` hook for routes with an id in the path: a malformed id names no row, so it is
 * answered 404 like an id that is not there, before the body is validated and before the role
 * check can tell anything about the row.
 */
export function idOrNotFound(paramsSchema: ZodType, message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!paramsSchema.safeParse(request.params).success) throw new NotFoundError(message);
  };
}
