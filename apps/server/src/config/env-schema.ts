import { z } from 'zod';
import { aiEnv } from './ai-env';
import { backupEnv } from './backup-env';
import { billingEnv } from './billing-env';
import { historyEnv } from './history-env';
import { serverEnv } from './server-env';
import { storageEnv } from './storage-env';
import { voiceEnv } from './voice-env';

/**
 * Every environment variable the server reads. Each `.describe()` is the text of README's
 * configuration table (scripts/config-table.ts renders it, in this order; test/config-table.test.ts keeps them equal).
 */
export const envSchema = z.object({
  ...serverEnv,
  ...aiEnv,
  ...voiceEnv,
  ...billingEnv,
  ...storageEnv,
  ...backupEnv,
  ...historyEnv,
});
