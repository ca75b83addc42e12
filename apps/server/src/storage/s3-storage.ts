import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { assertStorageKey, type ObjectStorage, StorageConfigError } from './storage';

/** The S3_* settings (config/types.ts). */
export type S3StorageOptions = NonNullable<Config['s3']>;

/** An S3-compatible bucket, through the official SDK. */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // The SDK waits forever for a connection by default: an unreachable endpoint would hold the
    // upload (and a readiness probe) open instead of failing.
    requestHandler: { connectionTimeout: 5_000 },
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;

  return {
    description: `S3 bucket ${Bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`,

    async put(key, data, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },

    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return undefined;
        return { body: answer.Body as Readable, size: answer.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        // The bucket answered with a refusal (missing, forbidden, another region): only a change of
        // settings or a created bucket helps. Anything else (no answer, 5xx) may pass by itself.
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        if (status !== undefined && status >= 400 && status < 500) {
          const reason =
            status === 404 ? 'does not exist' : status === 403 ? 'refuses access' : `answers ${status}`;
          throw new StorageConfigError(
            `S3 bucket ${Bucket}${options.endpoint ? ` at ${options.endpoint}` : ''} ${reason}: create the bucket or correct S3_BUCKET, S3_ENDPOINT, S3_REGION and the keys (README, Pictures and uploaded images).`,
            { cause: error },
          );
        }
        throw error;
      }
    },
  };
}
