import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_FIELD_NAME, uploadImageResponseSchema } from '../../../shared/uploads';
import { AppError } from '../../lib/errors';
import { type PictureUploadEvent, pictureUploads } from '../../observability/events';
import { requireVerifiedUser } from '../../plugins/auth';
import { storeImage } from '../../services/images';
import type { App } from '../../types';
import { errorResponses } from './responses';

const SEND_A_FILE_MESSAGE = `Send the picture as multipart/form-data with the file in the field "${UPLOAD_FIELD_NAME}".`;
const TOO_LARGE_MESSAGE = 'The picture is larger than 5 MB.';
const MALFORMED_MESSAGE = `The upload could not be read. ${SEND_A_FILE_MESSAGE}`;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Refused without reading the rest: closing the connection stops the client sending it. */
function pictureTooLarge(reply: FastifyReply): AppError {
  reply.header('connection', 'close');
  return new AppError('payload_too_large', TOO_LARGE_MESSAGE);
}

/**
 * What the multipart body looks like, for the API documentation. Never checked against the
 * request: the multipart parser reads the stream in the handler, so the body is empty here.
 */
const multipartBodyDocumentation = z.any().meta({
  type: 'object',
  required: [UPLOAD_FIELD_NAME],
  properties: {
    [UPLOAD_FIELD_NAME]: {
      type: 'string',
      format: 'binary',
      description:
        'A JPEG, PNG, WebP, GIF or AVIF picture of at most 5 MB and 40 megapixels (16 for interlaced, progressive, 16-bit, GIF and AVIF pictures).',
    },
  },
});

/** Picture uploads, for signed-in users with a verified email. */
export async function uploadRoutes(app: App): Promise<void> {
  // Before the body is read: an anonymous upload is refused without receiving the file.
  app.addHook('onRequest', requireVerifiedUser);
  // A body announced as too large is refused before any of it is read.
  app.addHook('onRequest', async (request, reply) => {
    if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES)
      throw pictureTooLarge(reply);
  });
  // Each picture costs a decode: counted before its body is received, so a user past the quota sends nothing.
  app.addHook('onRequest', async (request) => {
    await app.rateLimits.consume('uploadsPerUser', request.user!.id);
  });
  // Every upload's outcome is reported for metrics, refusals in the hooks above included.
  const receivedBytes = new WeakMap<FastifyRequest, number>();
  app.addHook('onResponse', async (request, reply) => {
    if (!pictureUploads.hasSubscribers) return;
    const status = reply.statusCode;
    pictureUploads.publish({
      outcome: status < 400 ? 'accepted' : status < 500 ? 'refused' : 'failed',
      bytes: receivedBytes.get(request) ?? 0,
    } satisfies PictureUploadEvent);
  });

  // Only multipart bodies here; anything else is refused before it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new AppError('validation_error', SEND_A_FILE_MESSAGE), undefined),
  );
  await app.register(fastifyMultipart, {
    // One byte over the limit reaches readAtMost, which answers before the part is drained.
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 0, parts: 2, headerPairs: 20 },
  });

  app.post(
    '/images',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a picture: checked by its content, re-encoded without metadata, stored with a thumbnail',
        consumes: ['multipart/form-data'],
        body: multipartBodyDocumentation,
        response: { 201: uploadImageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('validation_error', SEND_A_FILE_MESSAGE);
      const bytes = await readUploadedFile(app, request, reply);
      receivedBytes.set(request, bytes.length);
      await app.rateLimits.consume('uploadKibibytesPerUser', request.user!.id, Math.ceil(bytes.length / 1024));
      const image = await storeImage(app.db, app.imageStore, { bytes, uploadedBy: request.user!.id, now: app.clock() });
      return reply.status(201).send({ image });
    },
  );
}

/**
 * The one file of the request, whole. The body is read to its end, so a second file or an
 * extra field is noticed too; the size limit and a malformed body become clear answers.
 */
async function readUploadedFile(app: App, request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const { RequestFileTooLargeError, FilesLimitError, FieldsLimitError, PartsLimitError } = app.multipartErrors;
  const oneFileOnly = () =>
    new AppError('validation_error', `Send one picture and nothing else, in the field "${UPLOAD_FIELD_NAME}".`);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD_NAME || bytes) throw oneFileOnly();
      bytes = await readAtMost(part.file, MAX_UPLOAD_BYTES, () => pictureTooLarge(reply));
    }
  } catch (err) {
    if (err instanceof RequestFileTooLargeError) throw pictureTooLarge(reply);
    if (err instanceof FilesLimitError || err instanceof FieldsLimitError || err instanceof PartsLimitError)
      throw oneFileOnly();
    if (err instanceof AppError) throw err;
    // Everything else here is the parser refusing the body (no boundary, a truncated part): the sender's fault, not ours.
    throw new AppError('validation_error', MALFORMED_MESSAGE);
  }
  if (!bytes) throw new AppError('validation_error', SEND_A_FILE_MESSAGE);
  if (bytes.length === 0) throw new AppError('validation_error', 'The picture file is empty.');
  return bytes;
}

/**
 * The stream's bytes, refused the moment they pass `limit` instead of when the part ends: a
 * sender that never stops (chunked, no length) is answered at once, not after the whole body.
 */
async function readAtMost(stream: AsyncIterable<Buffer>, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    if (total > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}
