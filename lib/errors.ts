/**
 * The errors a caller may see. Every failed call answers JSON `{ message, code }`: the message is a
 * sentence for the person, the code a stable word for programs (as dub's and Stripe's errors do).
 */

/** The code a status means when the error names none of its own. */
const STATUS_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'rate_limit_exceeded',
  500: 'internal_server_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
  507: 'insufficient_storage',
} as const satisfies Record<number, string>;

export type ErrorCode = (typeof STATUS_CODES)[keyof typeof STATUS_CODES] | 'subscription_required'
  | 'invalid_token'
  // Sign-in security (docs/security.md): confirm it's you (lib/auth/step-up.ts), a second step that timed out, and factors this server cannot offer.
  | 'step_up_required'
  | 'second_step_expired'
  | 'passkeys_unavailable'
  | 'totp_unavailable'
  // A provider's first sign-in for an address with an account links nothing (lib/auth/accounts.ts).
  | 'link_from_settings';

/** The machine-readable code for a status: its own for the ones above, else the class's. */
export function codeForStatus(status: number): ErrorCode {
  const own = (STATUS_CODES as Record<number, ErrorCode | undefined>)[status];
  return own ?? (status >= 500 ? 'internal_server_error' : 'bad_request');
}

export type ApiErrorOptions = { code?: ErrorCode; headers?: Record<string, string> };

/** An error whose message is safe to show the caller, with the HTTP status and code to answer. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = options.code ?? codeForStatus(status);
    this.headers = options.headers ?? {};
  }
}
