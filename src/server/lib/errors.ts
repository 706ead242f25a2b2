import type { ErrorCode, FieldError } from '../../shared/errors';
import type { ScreeningFinding } from '../../shared/screening';
import { screeningRefusalMessage } from '../../shared/screening-wording';

/**
 * A failure the user can act on. Services throw it with a code; the central error handler
 * turns the code into an HTTP status, so services stay free of HTTP. When the failure is about
 * one field of the request (an address already taken, a wrong current password), `field` names
 * it so forms can show the message beside it.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The answer's `fields`, when the error is about a field. */
  get fields(): FieldError[] | undefined {
    return this.field === undefined ? undefined : [{ path: this.field, message: this.message }];
  }
}

/** A limit was reached; the answer says when to try again (Retry-After, in seconds). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
    this.name = 'RateLimitedError';
  }
}

/**
 * Refused because the screen found something and the author has not chosen "Submit anyway":
 * the answer lists the findings, so a client that skipped the form's own check still shows
 * the notice.
 */
export class ScreeningRefusedError extends AppError {
  constructor(readonly findings: ScreeningFinding[]) {
    super('screening_findings', screeningRefusalMessage(findings));
    this.name = 'ScreeningRefusedError';
  }
}

export const statusByErrorCode: Record<ErrorCode, number> = {
  validation_error: 400,
  bad_request: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  cross_site: 403,
  account_disabled: 403,
  email_not_verified: 403,
  password_change_required: 403,
  second_factor_required: 403,
  second_factor_enrolment_required: 403,
  not_found: 404,
  conflict: 409,
  email_taken: 409,
  review_exists: 409,
  screening_findings: 409,
  verification_invalid: 400,
  verification_used: 410,
  verification_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_image: 400,
  image_too_large: 400,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  ai_unavailable: 503,
};

/** PostgreSQL's unique_violation, identical from pg and PGlite. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** PostgreSQL's foreign_key_violation: the row points at something that is not (or no longer) there. */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return e?.code === '23503' && (constraint === undefined || e.constraint === constraint);
}

function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  // Drizzle wraps driver errors; the original sits in `cause`.
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** PostgreSQL's disk_full (from a PostgreSQL server or the embedded engine), and the system's own. */
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);

/**
 * No space left where a write had to go: the database's disk (SQLSTATE 53100) or a file of ours
 * (ENOSPC; EDQUOT when a quota is reached). Looks through `cause`, where Drizzle and the stores
 * keep the original.
 */
export function diskFullCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && DISK_FULL_CODES.has(candidate.code)) return candidate.code;
    current = candidate.cause;
  }
  return undefined;
}
