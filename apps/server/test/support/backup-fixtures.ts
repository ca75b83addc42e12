import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { TEST_ORIGIN } from '../helpers';
import { serverCommand } from './server-entry';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const CLI = serverCommand('cli');

/** `npm run admin -- …` as an operator runs it, with this environment (DATABASE_URL unset unless given). */
export function adminCli(env: Record<string, string>, ...args: string[]) {
  return run(CLI.command, [...CLI.args, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
  });
}

/** Uploads `count` different pictures as note images; returns their URLs. */
export async function uploadImages(app: FastifyInstance, cookie: string, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const data = await sharp({
      create: {
        width: 40 + i * 10,
        height: 30 + i * 5,
        channels: 3,
        background: `#${(0x224466 + i * 0x111111).toString(16)}`,
      },
    })
      .png()
      .toBuffer();
    const boundary = `----notewise${crypto.randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/images',
      headers: {
        host: 'localhost:3000',
        origin: TEST_ORIGIN,
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    if (answer.statusCode !== 201) throw new Error(`upload failed: ${answer.statusCode} ${answer.body}`);
    urls.push(answer.json().image.url as string);
  }
  return urls;
}

/** Each image's bytes as a reader gets them (status and body). */
export async function readImages(app: FastifyInstance, cookie: string, urls: string[]) {
  const answers = [];
  for (const url of urls) {
    const answer = await app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', cookie } });
    answers.push({ status: answer.statusCode, bytes: answer.rawPayload });
  }
  return answers;
}

/** Every folder and file under `root` whose mode lets anyone but the owner in. */
export function notPrivate(root: string): string[] {
  const open: string[] = [];
  const walk = (at: string) => {
    const stat = fs.statSync(at);
    const expected = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== expected) open.push(`${at} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
  };
  walk(root);
  return open;
}

/** Number and total size of the files under a folder. */
export function filesIn(root: string): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  if (!fs.existsSync(root)) return { count, bytes };
  for (const entry of fs.readdirSync(root, { recursive: true }) as string[]) {
    const stat = fs.statSync(path.join(root, entry));
    if (stat.isFile()) {
      count += 1;
      bytes += stat.size;
    }
  }
  return { count, bytes };
}
