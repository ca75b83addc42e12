import { z } from 'zod';

/** Zod pieces the environment sections share. */
export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    message: 'must be one of true/false/1/0/yes/no/on/off',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

export const databaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: 'must be a PostgreSQL URL like postgres://user:password@host:5432/database' },
  );
