/**
 * Every public form attempt is logged, a refused one included. The route's schema refuses bad
 * input before the handler runs, so this `onError` hook writes that refusal's log row, with what
 * the raw body claimed (the service logs every later refusal itself).
 */
import { isSchemaValidationFailure } from '@tunnelscope/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { visitorOf, type Visitor } from '../registration-logs/registration-log-service.js';

export function logRefusedInput(
  record: (visitor: Visitor, body: unknown, err: unknown) => Promise<void>,
): (request: FastifyRequest, reply: FastifyReply, err: Error) => Promise<void> {
  return async (request, _reply, err) => {
    if (isSchemaValidationFailure(err)) await record(visitorOf(request), request.body, err);
  };
}
