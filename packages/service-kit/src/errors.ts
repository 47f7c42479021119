import type { ErrorCode, ErrorResponse, FieldIssue } from '@tunnelscope/contracts';
import type { ZodError } from 'zod';

/** An error whose message is safe to show: the one handler turns it into the JSON error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: FieldIssue[]) {
    super(400, 'BAD_REQUEST', message, details);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: FieldIssue[]) {
    super(400, 'VALIDATION_ERROR', message, details);
  }

  /** The first issue's message is the one a person reads; all issues go in `details`. */
  static fromZod(error: ZodError): ValidationError {
    const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return new ValidationError(details[0]?.message ?? 'Invalid request', details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized') {
    super(401, 'UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, 'FORBIDDEN', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'Service temporarily unavailable, please try again') {
    super(503, 'SERVICE_UNAVAILABLE', message);
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  requestId?: string,
  details?: FieldIssue[],
): ErrorResponse {
  return {
    success: false,
    error: code,
    message,
    ...(requestId ? { requestId } : {}),
    ...(details ? { details } : {}),
  };
}
