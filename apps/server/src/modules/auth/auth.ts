import crypto from 'node:crypto';
import {
  MESSAGES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_TTL_SECONDS,
  PRODUCT_NAME,
  trialExpiry,
} from '@notewise/shared';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database, Dialect } from '../../db/types';
import { betterAuthLogTo, type LineLogger } from '../../logging';
import { authRepo } from './auth.repo';

/** Header through which the server hands better-auth the client IP it trusts (never the client's). */
export const CLIENT_IP_HEADER = 'x-notewise-client-ip';
export const SESSION_COOKIE_PREFIX = 'notewise';
/** A session lasts 30 days, moved on (refreshed) by a use more than a day after its last move. */
export const SESSION_LIFETIME = { expiresInSeconds: 60 * 60 * 24 * 30, updateAgeSeconds: 60 * 60 * 24 };

export interface AuthDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  secret: string;
  /**
   * Hands a freshly issued password-reset token on (the emailed link, or the admin CLI's printed one).
   * Unset: better-auth refuses to issue reset tokens at all.
   */
  deliverResetLink?: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
  /** After a password reset ended every session of the user (e.g. forget cached sessions). */
  onPasswordReset?: (userId: string) => void;
  /** The server's logger: better-auth's messages go through it as JSON (decision 018). */
  log?: LineLogger | undefined;
}

export function originOf(request: Request | undefined): string | undefined {
  if (!request) return undefined;
  try {
    return new URL(request.url).origin;
  } catch {
    return undefined;
  }
}

export function createAuth({
  config,
  db,
  dialect,
  secret,
  deliverResetLink,
  onPasswordReset,
  log,
}: AuthDeps) {
  const secureCookies = config.publicUrl?.startsWith('https://') ?? false;
  return betterAuth({
    appName: PRODUCT_NAME,
    basePath: '/api/auth',
    // Without PUBLIC_URL a self-hosted instance answers on whatever host users reach it by (an IP, a
    // LAN name); requests are same-origin checked separately (http/origin-check.ts).
    baseURL: config.publicUrl ?? { allowedHosts: ['*'], fallback: `http://localhost:${config.port}` },
    secret,
    database: { db, type: dialect },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      // Whoever held the old password (or a stolen session) is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
      ...(deliverResetLink ? { sendResetPassword: ({ user, token }) => deliverResetLink(user, token) } : {}),
      onPasswordReset: async ({ user }) => {
        // A link is one-time for the account too: the other links issued before it stop working.
        await authRepo.dropVerifications(db, user.id);
        onPasswordReset?.(user.id);
      },
    },
    // The API requests are same-origin; the app's own origin is always trusted, others only when listed.
    trustedOrigins: (request) => [...config.trustedOrigins, originOf(request)],
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_LIFETIME.expiresInSeconds,
      updateAge: SESSION_LIFETIME.updateAgeSeconds,
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    user: {
      modelName: 'users',
      fields: {
        emailVerified: 'email_verified',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      additionalFields: {
        plan: { type: 'string', required: false, input: false, defaultValue: 'FREE', fieldName: 'plan' },
        planExpiresAt: { type: 'date', required: false, input: false, fieldName: 'plan_expires_at' },
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      // Reset tokens are kept as SHA-256 hashes: a leaked database row opens no account.
      storeIdentifier: 'hashed',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    // Our own limiter (modules/auth/auth-limits.ts, ADR 007) guards sign-in per account and per IP
    // and sign-up per IP, in Redis when configured; better-auth's per-IP-only one would double-count.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          // docs/product.md §4: every sign-up starts a PRO trial that ends 31 days later.
          before: async (user) => ({ data: { ...user, plan: 'PRO', planExpiresAt: trialExpiry() } }),
        },
      },
      session: {
        create: {
          // An account an administrator disabled opens no session, whatever the way in.
          before: async (session) => {
            if (await authRepo.disabledAt(db, session.userId)) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DISABLED',
                message: MESSAGES.accountDisabled,
              });
            }
          },
        },
      },
    },
    logger: {
      level: config.env === 'test' ? 'error' : 'warn',
      ...(log ? { log: betterAuthLogTo(log) } : {}),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
