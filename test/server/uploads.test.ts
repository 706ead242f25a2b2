import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { tutors, uploads } from '../../src/server/db/schema';
import { deleteUnusedImages, sniffImageType, sweepOrphanImages } from '../../src/server/services/images';
import { apiPaths } from '../../src/shared/api-paths';
import { thumbnailKeyOf, type UploadedImage } from '../../src/shared/uploads';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUserRecord } from '../helpers/factories';
import {
  animatedGifPicture,
  avifPicture,
  gifPicture,
  jpegPhotoWithGps,
  jpegPicture,
  noisePngOfSize,
  pngDeclaring,
  pngPicture,
  transparentPngPicture,
  uploadPicture,
  webpPicture,
} from '../helpers/images';
import { fileUploadBody, multipartBody } from '../helpers/multipart';
import { request } from '../helpers/requests';
import { sessionCookieFor } from '../helpers/actors';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let cookie: string;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  const { user } = await createUserRecord(t.db, { verified: true });
  userId = user.id;
  cookie = await sessionCookieFor(t, user.id);
});
afterEach(() => t.close());

async function upload(content: Uint8Array, filename?: string, contentType?: string) {
  return request(t.app, 'POST', apiPaths.imageUploads, {
    as: cookie,
    ...fileUploadBody(content, filename, contentType),
  });
}

/** Fetches a stored file as a browser would and decodes its header. */
async function fetchStored(url: string) {
  const response = await request(t.app, 'GET', url);
  expect(response.statusCode).toBe(200);
  return { response, metadata: await sharp(response.rawPayload).metadata() };
}

async function storedFiles(): Promise<string[]> {
  return readdir(t.config.uploadsDir).catch(() => []);
}

function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  message?: string,
) {
  expect(response.statusCode).toBe(status);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  if (message) expect(error.message).toBe(message);
  else expect(error.message.length).toBeGreaterThan(10);
}

describe('POST /api/uploads/images', () => {
  test('anonymous visitors get 401 and unverified accounts 403, and nothing is stored', async () => {
    const body = fileUploadBody(await pngPicture());
    expectError(
      await request(t.app, 'POST', apiPaths.imageUploads, { headers: body.headers, payload: body.payload }),
      401,
      'unauthenticated',
    );

    const { user } = await createUserRecord(t.db, { verified: false });
    expectError(
      await request(t.app, 'POST', apiPaths.imageUploads, {
        as: await sessionCookieFor(t, user.id),
        headers: body.headers,
        payload: body.payload,
      }),
      403,
      'email_not_verified',
    );

    expect(await storedFiles()).toEqual([]);
    expect(await t.db.$count(uploads)).toBe(0);
  });

  test('a verified user uploads a picture; it and its thumbnail are served with immutable cache headers', async () => {
    const response = await upload(await pngPicture({ width: 300, height: 200 }));

    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ image: UploadedImage }>();
    expect(image).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{64}\.webp$/),
      url: `/uploads/${image.key}`,
      thumbnailUrl: `/uploads/${thumbnailKeyOf(image.key)}`,
      width: 300,
      height: 200,
      contentType: 'image/webp',
    });

    const picture = await fetchStored(image.url);
    expect(picture.response.headers['content-type']).toBe('image/webp');
    expect(picture.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(picture.response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(picture.response.headers['content-length'])).toBe(picture.response.rawPayload.length);
    expect([picture.metadata.format, picture.metadata.width, picture.metadata.height]).toEqual(['webp', 300, 200]);

    const thumbnail = await fetchStored(image.thumbnailUrl);
    expect(thumbnail.response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([thumbnail.metadata.format, thumbnail.metadata.width, thumbnail.metadata.height]).toEqual([
      'webp',
      200,
      200,
    ]);

    const [row] = await t.db.select().from(uploads);
    expect(row).toMatchObject({
      key: image.key,
      uploadedBy: userId,
      contentType: 'image/webp',
      width: 300,
      height: 200,
    });
    expect(row!.bytes).toBe(picture.response.rawPayload.length);
  });

  test('a large photo is scaled to at most 1024 px with a 256 px square thumbnail, and stays JPEG', async () => {
    const response = await upload(await jpegPicture({ width: 3000, height: 2000 }), 'photo.jpg', 'image/jpeg');

    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ image: UploadedImage }>();
    expect(image).toMatchObject({
      key: expect.stringMatching(/^[0-9a-f]{64}\.jpg$/),
      width: 1024,
      height: 683,
      contentType: 'image/jpeg',
    });
    const picture = await fetchStored(image.url);
    expect(picture.response.headers['content-type']).toBe('image/jpeg');
    expect([picture.metadata.format, picture.metadata.width, picture.metadata.height]).toEqual(['jpeg', 1024, 683]);
    const thumbnail = await fetchStored(image.thumbnailUrl);
    expect([thumbnail.metadata.format, thumbnail.metadata.width, thumbnail.metadata.height]).toEqual([
      'jpeg',
      256,
      256,
    ]);
  });

  test('a picture just under 5 MB is accepted', async () => {
    const bytes = await noisePngOfSize(4.8 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
    expect(bytes.length).toBeGreaterThan(4.5 * 1024 * 1024);

    const response = await upload(bytes);

    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ image: UploadedImage }>();
    expect(Math.max(image.width, image.height)).toBe(1024);
  });

  test('a text file named .png and sent as image/png is refused, and nothing is stored', async () => {
    const response = await upload(
      Buffer.from('This is not a picture, whatever its name says.\n'.repeat(20)),
      'holiday.png',
      'image/png',
    );

    expectError(response, 400, 'unsupported_image', 'Only JPEG, PNG, WebP, GIF or AVIF pictures can be uploaded.');
    expect(await storedFiles()).toEqual([]);
    expect(await t.db.$count(uploads)).toBe(0);
  });

  test('SVG and other formats sharp could read are refused by their content', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expectError(await upload(svg, 'a.svg', 'image/svg+xml'), 400, 'unsupported_image');
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    expectError(await upload(tiff, 'a.png', 'image/png'), 400, 'unsupported_image');
  });

  test('a damaged picture is refused with a clear message', async () => {
    const png = await pngPicture({ width: 200, height: 200 });
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0x5a)]);

    const response = await upload(damaged);

    expectError(
      response,
      400,
      'unsupported_image',
      'The picture could not be read; the file may be damaged. Please choose another picture.',
    );
    expect(await t.db.$count(uploads)).toBe(0);
  });

  test.each([
    ['a 6 MB picture', 6 * 1024 * 1024],
    // Announced within the allowance for multipart overhead: the parser's own limit catches it.
    ['a picture a little over 5 MB', 5 * 1024 * 1024 + 8 * 1024],
  ])('%s is refused with 413, and nothing is written to the uploads folder or table', async (_label, size) => {
    const bytes = await noisePngOfSize(size);
    expect(bytes.length).toBeGreaterThan(size);

    const response = await upload(bytes);

    expectError(response, 413, 'payload_too_large', 'The picture is larger than 5 MB.');
    expect(response.headers.connection).toBe('close');
    expect(await storedFiles()).toEqual([]);
    expect(await t.db.$count(uploads)).toBe(0);
  });

  test('an endless upload without a declared length is cut off soon after the limit, not read to its end', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'TutorlyEndlessUpload';
    const chunk = Buffer.alloc(64 * 1024, 0x42);
    const ceiling = 200 * 1024 * 1024;

    const outcome = await new Promise<{ sent: number; status: number | null }>((resolve) => {
      let sent = 0;
      let status: number | null = null;
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: apiPaths.imageUploads,
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      });
      const finish = () => resolve({ sent, status });
      request.on('response', (response) => {
        status = response.statusCode ?? null;
        response.resume();
      });
      request.on('error', finish);
      request.on('close', finish);
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const pump = () => {
        while (sent < ceiling && !request.destroyed) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        if (!request.destroyed) request.end();
      };
      pump();
    });

    expect(outcome.status).toBe(413);
    // The server stops reading once it has answered; without that it would swallow all 200 MB.
    expect(outcome.sent).toBeLessThan(50 * 1024 * 1024);
    expect(await t.db.$count(uploads)).toBe(0);
  });

  test('a small PNG declaring 100000×100000 pixels is refused quickly, before it is decoded', async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(100);
    expect(sniffImageType(bomb)).toBe('png');
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 100_000,
      height: 100_000,
    });

    const started = performance.now();
    const response = await upload(bomb);
    const elapsed = performance.now() - started;

    expectError(response, 400, 'image_too_large', 'The picture is too large: at most 40 megapixels.');
    expect(elapsed).toBeLessThan(300);
    expect(await t.db.$count(uploads)).toBe(0);
  });

  test('a phone photo loses its EXIF and GPS data and is turned upright', async () => {
    const photo = await jpegPhotoWithGps({ width: 64, height: 48 });
    const original = await sharp(photo).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.toString('latin1')).toContain('TestCam');
    // The GPS directory: latitude reference N, as a camera writes it.
    expect(
      original.exif?.includes(Buffer.from([0x25, 0x88])) || original.exif?.includes(Buffer.from([0x88, 0x25])),
    ).toBe(true);

    const response = await upload(photo, 'IMG_0001.jpg', 'image/jpeg');

    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ image: UploadedImage }>();
    expect(image.key).toMatch(/\.jpg$/);
    for (const url of [image.url, image.thumbnailUrl]) {
      const { response: file, metadata } = await fetchStored(url);
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(file.rawPayload.includes('TestCam')).toBe(false);
      expect(file.rawPayload.includes('Exif\0')).toBe(false);
    }
    // Stored sideways at 64×48, shown upright at 48×64.
    expect([image.width, image.height]).toEqual([48, 64]);
  });

  test.each([
    ['GIF', 'a.gif', 'image/gif', () => gifPicture()],
    ['WebP', 'a.webp', 'image/webp', () => webpPicture()],
    ['AVIF', 'a.avif', 'image/avif', () => avifPicture()],
  ])('a %s picture is accepted and stored as WebP', async (_type, filename, contentType, make) => {
    const response = await upload(await make(), filename, contentType);

    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ image: UploadedImage }>();
    expect(image).toMatchObject({
      key: expect.stringMatching(/\.webp$/),
      width: 64,
      height: 48,
      contentType: 'image/webp',
    });
    expect((await fetchStored(image.url)).metadata.format).toBe('webp');
  });

  test('an animated GIF keeps its first frame', async () => {
    const response = await upload(await animatedGifPicture(), 'anim.gif', 'image/gif');

    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ image: UploadedImage }>();
    const { response: file, metadata } = await fetchStored(image.url);
    expect([metadata.width, metadata.height, metadata.pages ?? 1]).toEqual([40, 30, 1]);
    const { channels } = await sharp(file.rawPayload).stats();
    expect(channels[0]!.mean).toBeGreaterThan(200); // red
    expect(channels[1]!.mean).toBeLessThan(50);
  });

  test('a transparent PNG becomes WebP and keeps its transparency', async () => {
    const response = await upload(await transparentPngPicture());

    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ image: UploadedImage }>();
    for (const url of [image.url, image.thumbnailUrl]) {
      const { response: file, metadata } = await fetchStored(url);
      expect(metadata.format).toBe('webp');
      expect(metadata.hasAlpha).toBe(true);
      const { channels } = await sharp(file.rawPayload).stats();
      expect(channels[3]!.mean).toBeGreaterThan(100);
      expect(channels[3]!.mean).toBeLessThan(160);
    }
  });

  test('the same picture uploaded twice has one key and one row, whose time is refreshed', async () => {
    const bytes = await pngPicture();
    const first = await uploadPicture(t.app, cookie, bytes);
    const [before] = await t.db.select().from(uploads);
    t.clock.advance(HOUR);

    const second = await uploadPicture(t.app, cookie, bytes);

    expect(second).toEqual(first);
    const rows = await t.db.select().from(uploads);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt.getTime()).toBe(before!.createdAt.getTime() + HOUR);
    expect((await storedFiles()).sort()).toEqual([first.key, thumbnailKeyOf(first.key)].sort());
  });

  test('a request without a file, with extra files or that is not multipart is refused with 400', async () => {
    const png = await pngPicture();
    const refusals = [
      multipartBody([]),
      multipartBody([{ field: 'name', value: 'no file here' }]),
      multipartBody([{ field: 'picture', filename: 'a.png', contentType: 'image/png', content: png }]),
      multipartBody([
        { field: 'file', filename: 'a.png', contentType: 'image/png', content: png },
        { field: 'file', filename: 'b.png', contentType: 'image/png', content: png },
      ]),
      { payload: JSON.stringify({ file: png.toString('base64') }), headers: { 'content-type': 'application/json' } },
      { payload: png.toString('latin1'), headers: { 'content-type': 'image/png' } },
    ];
    for (const body of refusals) {
      const response = await request(t.app, 'POST', apiPaths.imageUploads, {
        as: cookie,
        headers: body.headers,
        payload: body.payload,
      });
      expectError(response, 400, 'validation_error');
      expect(response.json().error.message).toContain('"file"');
    }
    expect(await t.db.$count(uploads)).toBe(0);
  });

  test('is documented in the OpenAPI description as a multipart upload', async () => {
    const spec = (await request(t.app, 'GET', apiPaths.openApiDocument)).json();
    const operation = spec.paths[apiPaths.imageUploads].post;
    expect(operation.requestBody.content['multipart/form-data'].schema).toMatchObject({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413']));
  });
});

describe('GET /uploads/:file', () => {
  test('HEAD answers with the headers of the file', async () => {
    const image = await uploadPicture(t.app, cookie);

    const response = await request(t.app, 'HEAD', image.url);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBe(0);
  });

  test.each([
    `/uploads/${'a'.repeat(64)}.webp`,
    `/uploads/${'a'.repeat(64)}-thumb.jpg`,
    `/uploads/${'a'.repeat(64)}.png`,
    `/uploads/${'A'.repeat(64)}.webp`,
    '/uploads/picture.webp',
    '/uploads/..%2F..%2Fpackage.json',
    '/uploads/%2e%2e%2fpackage.json',
    '/uploads/../package.json',
    '/uploads/a/b.webp',
    '/uploads/',
  ])('%s is an unknown or malformed picture: JSON 404', async (url) => {
    const response = await request(t.app, 'GET', url);

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('deleting unused pictures', () => {
  async function insertTutor(imageKey: string) {
    await t.db
      .insert(tutors)
      .values({ name: 'Grace Hopper', department: 'Computer Science', biography: 'Compilers.', imageKey });
  }

  async function exists(image: UploadedImage) {
    const files = await storedFiles();
    const row = await t.db.$count(uploads, eq(uploads.key, image.key));
    return { row: row === 1, picture: files.includes(image.key), thumbnail: files.includes(thumbnailKeyOf(image.key)) };
  }

  test('deleteUnusedImages keeps a picture a tutor still uses and deletes one no tutor uses', async () => {
    const used = await uploadPicture(t.app, cookie, await pngPicture({ background: '#112233' }));
    const unused = await uploadPicture(t.app, cookie, await pngPicture({ background: '#445566' }));
    await insertTutor(used.key);

    const deleted = await deleteUnusedImages(t.db, t.app.imageStore, [used.key, unused.key, 'not-a-key', unused.key]);

    expect(deleted).toEqual([unused.key]);
    expect(await exists(used)).toEqual({ row: true, picture: true, thumbnail: true });
    expect(await exists(unused)).toEqual({ row: false, picture: false, thumbnail: false });
    expect((await request(t.app, 'GET', unused.url)).statusCode).toBe(404);
    expect((await request(t.app, 'GET', used.url)).statusCode).toBe(200);
  });

  test('a deleted picture can be uploaded again and is stored afresh', async () => {
    const bytes = await pngPicture();
    const image = await uploadPicture(t.app, cookie, bytes);
    await deleteUnusedImages(t.db, t.app.imageStore, [image.key]);

    expect(await uploadPicture(t.app, cookie, bytes)).toEqual(image);
    expect(await exists(image)).toEqual({ row: true, picture: true, thumbnail: true });
  });

  test('sweepOrphanImages removes only old pictures no tutor uses', async () => {
    const oldUnused = await uploadPicture(t.app, cookie, await pngPicture({ background: '#101010' }));
    const oldUsed = await uploadPicture(t.app, cookie, await pngPicture({ background: '#202020' }));
    await insertTutor(oldUsed.key);
    t.clock.advance(25 * HOUR);
    const recentUnused = await uploadPicture(t.app, cookie, await pngPicture({ background: '#303030' }));

    const removed = await sweepOrphanImages(t.db, t.app.imageStore, new Date(t.clock().getTime() - 24 * HOUR));

    expect(removed).toBe(1);
    expect(await exists(oldUnused)).toEqual({ row: false, picture: false, thumbnail: false });
    expect(await exists(oldUsed)).toEqual({ row: true, picture: true, thumbnail: true });
    expect(await exists(recentUnused)).toEqual({ row: true, picture: true, thumbnail: true });
  });

  test('the server sweeps abandoned pictures when it starts listening', async () => {
    const abandoned = await uploadPicture(t.app, cookie);
    t.clock.advance(25 * HOUR);

    await t.app.listen({ host: '127.0.0.1', port: 0 });

    await vi.waitFor(async () =>
      expect(await exists(abandoned)).toEqual({ row: false, picture: false, thumbnail: false }),
    );
  });
});

describe('the disk failing', () => {
  test('an upload the disk refuses answers 503 with the storage message and registers nothing; the log has the cause', async () => {
    await uploadPicture(t.app, cookie, await pngPicture({ background: '#101010' }));
    // The uploads folder lost (a mount gone, a file in its place): every write fails.
    await rm(t.config.uploadsDir, { recursive: true });
    await writeFile(t.config.uploadsDir, '');

    const refused = await upload(await pngPicture({ background: '#202020' }));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'Pictures cannot be stored or read right now. Please try again in a few minutes.',
      },
    });
    expect(await t.db.$count(uploads)).toBe(1);
    expect(t.logs.join('\n')).toMatch(/EEXIST|ENOTDIR/);
  });
});
