import { z } from 'zod';

/** Every server error has this body: `{ error: { code, message } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  accessRequired: 'ACCESS_REQUIRED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  badOrigin: 'BAD_ORIGIN',
  unavailable: 'SERVICE_UNAVAILABLE',
  paymentsNotConfigured: 'PAYMENTS_NOT_CONFIGURED',
  paymentFailed: 'PAYMENT_PROVIDER_ERROR',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
