import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  AI_MESSAGES,
  type AiStreamEvent,
  aiCaptureBodySchema,
  aiCaptureProposalBodySchema,
  aiCaptureProposalSchema,
  aiCaptureResponseSchema,
  aiEnhanceBodySchema,
  aiStatusSchema,
  ERROR_CODES,
  MAX_AI_INPUT_LENGTH,
} from '@notewise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AiError, cancelledError, toAiError } from '../../engines/ai/errors';
import { ApiError, rateLimited } from '../../http/errors';
import { currentUser } from '../../http/session';
import { type AiDeps, type AiService, createAiService } from './ai.service';

/** A comment line this often keeps proxies from closing a stream while the model thinks. */
const HEARTBEAT_MS = 15_000;

/** One Server-Sent Event: `event: <name>` and one `data:` line of JSON (JSON never holds a raw line break). */
export function formatSseEvent(event: AiStreamEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * The AI endpoints: status, streamed enhancement (summarize, grammar, translate, structure) with a
 * job record per request, and capture (Add Note with a proposed title
 * and project). Per-user rate limit (AI_RATE_LIMIT a minute) and at most 2 requests at once.
 */
export function registerAiRoutes(app: FastifyInstance, deps: AiDeps): AiService {
  const service = createAiService(deps, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Shutdown does not wait for running model calls: they end as 'Cancelled'.
  app.addHook('preClose', async () => service.abortAll());

  /**
   * A one-shot AI call under the user's AI lease (rate and concurrency), cancelled when the client
   * goes away or the server shuts down. Over the limit: a 429 is thrown.
   */
  async function runLeased<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    run: (userId: string, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const userId = currentUser(request).id;
    const lease = await service.limiter.acquire(userId);
    if (!lease.ok) throw rateLimited(reply, lease.retryAfterSeconds, AI_MESSAGES.rateLimited);
    const controller = new AbortController();
    const untrack = service.track(controller);
    let settled = false;
    reply.raw.on('close', () => {
      if (!settled) controller.abort();
    });
    try {
      return await run(userId, controller.signal);
    } finally {
      settled = true;
      untrack();
      lease.release();
    }
  }

  r.get(
    '/api/ai/status',
    { onRequest: app.requireAuth, schema: { response: { 200: aiStatusSchema } } },
    async () => service.status(),
  );

  r.post(
    '/api/ai/enhance',
    {
      onRequest: app.requireAccess,
      schema: {
        body: aiEnhanceBodySchema,
        description:
          'Streams Server-Sent Events: `job` {jobId}, then `delta` {text} per chunk, then `done` ' +
          '{jobId, output} or `error` {code, message}. Failures before the stream starts are JSON errors.',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { action, content } = request.body;
      const language = action === 'translate' ? (request.body.language ?? null) : null;
      if (content.length > MAX_AI_INPUT_LENGTH) {
        throw new ApiError(413, ERROR_CODES.payloadTooLarge, AI_MESSAGES.contentTooLong);
      }
      service.assertSupported(action);
      const lease = await service.limiter.acquire(userId);
      if (!lease.ok) throw rateLimited(reply, lease.retryAfterSeconds, AI_MESSAGES.rateLimited);

      // Names this stream in its `job` and `done` events; nothing is stored under it (decision 066).
      const jobId = crypto.randomUUID();

      const stream = new PassThrough();
      stream.on('error', () => {});
      const send = (event: AiStreamEvent | string) => {
        if (stream.destroyed || stream.writableEnded) return;
        stream.write(typeof event === 'string' ? event : formatSseEvent(event));
      };
      const controller = new AbortController();
      const untrack = service.track(controller);
      let settled = false;
      // The client went away (tab closed, navigation): stop the model so it spends nothing more.
      reply.raw.on('close', () => {
        if (!settled) controller.abort();
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);

      send({ event: 'job', data: { jobId } });
      // A stream payload goes through Fastify's onSend path, so the security headers and x-request-id
      // stay; every write is flushed to the socket as it happens (no compression on this route).
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);

      void (async () => {
        let output = '';
        try {
          for await (const text of service.generate(action, content, language, controller.signal, userId)) {
            if (controller.signal.aborted) throw cancelledError();
            output += text;
            send({ event: 'delta', data: { text } });
          }
          if (controller.signal.aborted) throw cancelledError();
          settled = true;
          send({ event: 'done', data: { jobId, output } });
        } catch (error) {
          settled = true;
          const failure = controller.signal.aborted ? cancelledError() : toAiError(error);
          if (!(error instanceof AiError) && !controller.signal.aborted) {
            request.log.error({ err: error }, 'AI enhancement failed');
          }
          send({ event: 'error', data: { code: failure.aiCode, message: failure.message } });
        } finally {
          clearInterval(heartbeat);
          untrack();
          lease.release();
          stream.end();
        }
      })();

      return reply;
    },
  );

  r.post(
    '/api/ai/capture',
    {
      onRequest: app.requireAccess,
      schema: { body: aiCaptureBodySchema, response: { 201: aiCaptureResponseSchema } },
    },
    async (request, reply) => {
      const { content, projectId, title, clientId } = request.body;
      const result = await runLeased(request, reply, (userId, signal) =>
        service.capture(userId, content, signal, projectId, title, clientId),
      );
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/api/ai/capture/proposal',
    {
      onRequest: app.requireAccess,
      schema: { body: aiCaptureProposalBodySchema, response: { 200: aiCaptureProposalSchema } },
    },
    async (request, reply) => {
      const result = await runLeased(request, reply, (userId, signal) =>
        service.proposeCapture(userId, request.body.content, signal),
      );
      return result;
    },
  );

  return service;
}
