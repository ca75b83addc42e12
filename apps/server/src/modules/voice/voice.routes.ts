import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  addVoiceTurnBodySchema,
  createVoiceCallBodySchema,
  saveVoiceCallBodySchema,
  saveVoiceCallResponseSchema,
  VOICE_ERROR_CODES,
  VOICE_MESSAGES,
  voiceCallDetailSchema,
  voiceCallListSchema,
  voiceCallParamsSchema,
  voiceCallResponseSchema,
  voiceOptionsSchema,
  voiceSpeechBodySchema,
  voiceTurnResultSchema,
  voiceUtteranceQuerySchema,
} from '@notewise/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VoiceError } from '../../engines/speech/errors';
import { NO_CONTENT } from '../../http/api-docs';
import { errorBody } from '../../http/errors';
import { currentUser } from '../../http/session';
import { startHourlyJob } from '../../ops/hourly-job';
import { createVoiceRepo } from './voice.repo';
import { createVoiceService, type VoiceDeps, type VoiceService } from './voice.service';

/** How often the discarded calls past their 30 days are purged. */

/** Content types a WAV arrives with (browsers and tools differ); parameters such as `; codecs=1` are ignored. */
const WAV_TYPES = new Set(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave']);

/**
 * The voice assistant's API (decision 020). Every route needs a signed-in user with access
 * (PRO trial or UNLIMITED); a call belongs to one user and is 404 for anyone else.
 */
export function registerVoiceRoutes(
  app: FastifyInstance,
  deps: Omit<VoiceDeps, 'repo'> & { db: Parameters<typeof createVoiceRepo>[0] },
): VoiceService {
  const service = createVoiceService({ ...deps, repo: createVoiceRepo(deps.db) }, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { onRequest: app.requireAccess };
  /** Both ways a turn arrives (audio, text) answer alike: 201 with the turn, new notes, an answer. */
  const turnAnswer = { params: voiceCallParamsSchema, response: { 201: voiceTurnResultSchema } };

  r.get('/api/voice/options', { ...guarded, schema: { response: { 200: voiceOptionsSchema } } }, async () =>
    service.options(),
  );

  r.post(
    '/api/voice/calls',
    { ...guarded, schema: { body: createVoiceCallBodySchema, response: { 201: voiceCallResponseSchema } } },
    async (request, reply) => {
      const call = await service.start(currentUser(request).id, request.body.mode);
      return reply.status(201).send({ call });
    },
  );

  r.get(
    '/api/voice/calls',
    { ...guarded, schema: { response: { 200: voiceCallListSchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      return { calls: await service.list(userId), discarded: await service.discarded(userId) };
    },
  );

  r.get(
    '/api/voice/calls/:id',
    { ...guarded, schema: { params: voiceCallParamsSchema, response: { 200: voiceCallDetailSchema } } },
    async (request) => service.detail(currentUser(request).id, request.params.id),
  );

  // The utterance route reads its body as raw bytes, whatever the content type says, so a wrong type
  // gets this route's own 415 and an oversized body its own 413 (the app's JSON parser stays elsewhere).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: deps.config.voice.limits.maxUtteranceBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply
          .status(413)
          .send(
            errorBody(
              VOICE_ERROR_CODES.audioTooLarge,
              VOICE_MESSAGES.audioTooLarge(deps.config.voice.limits.maxUtteranceBytes),
            ),
          );
      }
      // Everything else is answered as on every other route.
      throw error;
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/voice/calls/:id/utterances',
      {
        ...guarded,
        bodyLimit: deps.config.voice.limits.maxUtteranceBytes,
        schema: {
          ...turnAnswer,
          querystring: voiceUtteranceQuerySchema,
          description:
            'Body: one utterance as a 16 kHz mono 16-bit PCM WAV, `Content-Type: audio/wav`. Transcribed on ' +
            'the configured speech server; the transcript is stored as a user turn (the audio never is).',
          consumes: ['audio/wav'],
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
        if (!WAV_TYPES.has(type)) {
          throw new VoiceError(415, VOICE_ERROR_CODES.contentType, VOICE_MESSAGES.contentType);
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await service.utterance(userId, request.params.id, body, request.query.offsetMs);
        return reply.status(201).send(result);
      },
    );
  });

  r.post(
    '/api/voice/calls/:id/turns',
    { ...guarded, schema: { ...turnAnswer, body: addVoiceTurnBodySchema } },
    async (request, reply) => {
      const result = await service.textTurn(currentUser(request).id, request.params.id, request.body);
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/api/voice/calls/:id/end',
    { ...guarded, schema: { params: voiceCallParamsSchema, response: { 200: voiceCallResponseSchema } } },
    async (request) => ({ call: await service.end(currentUser(request).id, request.params.id) }),
  );

  r.post(
    '/api/voice/calls/:id/save',
    {
      ...guarded,
      schema: {
        params: voiceCallParamsSchema,
        body: saveVoiceCallBodySchema,
        response: { 201: saveVoiceCallResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await service.save(currentUser(request).id, request.params.id, request.body);
      return reply.status(201).send(result);
    },
  );

  r.delete(
    '/api/voice/calls/:id',
    { ...guarded, schema: { params: voiceCallParamsSchema, response: NO_CONTENT } },
    async (request, reply) => {
      await service.discard(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/voice/calls/:id/restore',
    { ...guarded, schema: { params: voiceCallParamsSchema, response: { 200: voiceCallResponseSchema } } },
    async (request) => ({ call: await service.restore(currentUser(request).id, request.params.id) }),
  );

  // Calls discarded over 30 days ago go for good (idempotent: several instances may overlap).
  const stopPurge = startHourlyJob(
    'voice-purge',
    async () => ({ purged: await service.purgeDiscarded() }),
    app.log,
  );
  app.addHook('onClose', async () => stopPurge());

  r.post(
    '/api/voice/speech',
    {
      ...guarded,
      schema: {
        body: voiceSpeechBodySchema,
        description:
          'Audio of the text from the TTS server (TTS_BASE_URL); 404 VOICE_TTS_OFF when there is none.',
        produces: ['audio/mpeg'],
      },
    },
    async (request, reply) => {
      const controller = new AbortController();
      reply.raw.on('close', () => controller.abort());
      const audio = await service.speech(currentUser(request).id, request.body.text, controller.signal);
      return reply
        .header('content-type', audio.contentType)
        .header('cache-control', 'no-store')
        .send(Readable.fromWeb(audio.body as WebReadableStream<Uint8Array>));
    },
  );

  return service;
}
