import { z } from 'zod';
import { booleanFromEnv } from './env-values';

/** Where uploads go: an S3-compatible bucket or DATA_DIR/uploads. */
export const storageEnv = {
  S3_BUCKET: z
    .string()
    .trim()
    .min(3)
    .optional()
    .describe(
      'Set: pictures and note images go to this S3-compatible bucket (AWS, MinIO, R2, Garage...). Unset: `DATA_DIR/uploads`.',
    ),
  S3_ENDPOINT: z
    .url({ message: 'must be the URL of an S3-compatible API, like https://s3.example.com' })
    .optional()
    .describe('Endpoint of an S3-compatible server (`http://minio:9000`). Unset: AWS S3.'),
  S3_REGION: z.string().trim().min(1).default('us-east-1').describe('Region of the bucket.'),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .describe("Access key for the bucket. Unset: the AWS SDK's usual sources (environment, instance role)."),
  S3_SECRET_ACCESS_KEY: z.string().optional().describe('Secret key that goes with `S3_ACCESS_KEY_ID`.'),
  S3_FORCE_PATH_STYLE: booleanFromEnv
    .default(false)
    .describe(
      '`true`: bucket in the path (`http://host/bucket/key`), as MinIO and most self-hosted servers want.',
    ),
};
