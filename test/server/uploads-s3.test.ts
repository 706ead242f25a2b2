import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tutors, uploads } from '../../src/server/db/schema';
import {
  deleteUnusedImages,
  storeImage,
  sweepOrphanImages,
  sweepUnregisteredFiles,
} from '../../src/server/services/images';
import type { ImageStore } from '../../src/server/storage';
import { apiPaths } from '../../src/shared/api-paths';
import { thumbnailKeyOf, type UploadedImage } from '../../src/shared/uploads';
import { callAs, signedInAdmin, sessionCookieFor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord, createUserRecord } from '../helpers/factories';
import { keyOf } from '../helpers/image-store-contract';
import { parseScrape } from '../helpers/prometheus';
import { jpegPicture, pngPicture, uploadPicture } from '../helpers/images';
import { fileUploadBody } from '../helpers/multipart';
import { request } from '../helpers/requests';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

// The same pictures as with the disk store (test/server/uploads.test.ts), kept in a real
// S3-compatible server on 127.0.0.1 through STORAGE_DRIVER=s3.

const HOUR = 60 * 60 * 1000;

let s3: TestS3Server;
let t: TestApp;
let cookie: string;
beforeEach(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: { STORAGE_DRIVER: 's3', ...s3.env } });
  const { user } = await createUserRecord(t.db, { verified: true });
  cookie = await sessionCookieFor(t, user.id);
});
afterEach(async () => {
  await t.close();
  await s3.close();
});

async function stored(image: UploadedImage) {
  const row = await t.db.$count(uploads, eq(uploads.key, image.key));
  return {
    row: row === 1,
    picture: await t.app.imageStore.has(image.key),
    thumbnail: await t.app.imageStore.has(thumbnailKeyOf(image.key)),
  };
}

describe('pictures in S3-compatible storage', () => {
  test('an upload is re-encoded into the bucket with its thumbnail and served with immutable caching', async () => {
    const image = await uploadPicture(t.app, cookie, await jpegPicture({ width: 300, height: 200 }));

    expect(image.key).toMatch(/^[0-9a-f]{64}\.jpg$/);
    expect(await stored(image)).toEqual({ row: true, picture: true, thumbnail: true });
    for (const url of [image.url, image.thumbnailUrl]) {
      const response = await request(t.app, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    }
    // HEAD answers the same headers and lets go of the object's stream.
    const head = await request(t.app, 'HEAD', image.url);
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect((await request(t.app, 'GET', `/uploads/${'0'.repeat(64)}.jpg`)).statusCode).toBe(404);
  });

  test('unused pictures go: when no tutor uses them any more, and by the 24-hour sweep', async () => {
    const used = await uploadPicture(t.app, cookie, await pngPicture({ background: '#112233' }));
    const released = await uploadPicture(t.app, cookie, await pngPicture({ background: '#445566' }));
    const abandoned = await uploadPicture(t.app, cookie, await pngPicture({ background: '#778899' }));
    await t.db
      .insert(tutors)
      .values({ name: 'Grace Hopper', department: 'Computer Science', biography: 'Compilers.', imageKey: used.key });

    expect(await deleteUnusedImages(t.db, t.app.imageStore, [used.key, released.key])).toEqual([released.key]);
    t.clock.advance(25 * HOUR);
    expect(await sweepOrphanImages(t.db, t.app.imageStore, new Date(t.clock().getTime() - 24 * HOUR))).toBe(1);

    expect(await stored(used)).toEqual({ row: true, picture: true, thumbnail: true });
    expect(await stored(released)).toEqual({ row: false, picture: false, thumbnail: false });
    expect(await stored(abandoned)).toEqual({ row: false, picture: false, thumbnail: false });
  });

  test("a deleted tutor's picture leaves the bucket; with the bucket down the tutor still goes, and the sweep removes the picture later", async () => {
    const boss = await signedInAdmin(t, 'Dana Dean');
    const first = await uploadPicture(t.app, cookie, await pngPicture({ background: '#a0a0a0' }));
    const second = await uploadPicture(t.app, cookie, await pngPicture({ background: '#b0b0b0' }));
    const doomed = await createTutorRecord(t.db, { name: 'First Tutor', imageKey: first.key });
    const later = await createTutorRecord(t.db, { name: 'Second Tutor', imageKey: second.key });

    expect((await callAs(t, boss, 'DELETE', apiPaths.adminTutor(doomed.id))).statusCode).toBe(204);
    expect(await stored(first)).toEqual({ row: false, picture: false, thumbnail: false });

    await s3.stop();
    expect((await callAs(t, boss, 'DELETE', apiPaths.adminTutor(later.id))).statusCode).toBe(204);
    expect(await t.db.$count(tutors)).toBe(0);
    await s3.restart();
    // The row stayed with its files, so the 24-hour sweep of unused pictures finds them.
    expect(await stored(second)).toEqual({ row: true, picture: true, thumbnail: true });
    t.clock.advance(25 * HOUR);
    expect(await sweepOrphanImages(t.db, t.app.imageStore, new Date(t.clock().getTime() - 24 * HOUR))).toBe(1);
    expect(await stored(second)).toEqual({ row: false, picture: false, thumbnail: false });
  });

  test('a picture deleted while the same picture is uploaded again is stored afresh before its row is registered', async () => {
    const bytes = await pngPicture({ background: '#c0c0c0' });
    const image = await uploadPicture(t.app, cookie, bytes);
    const bucket = t.app.imageStore;
    let deletedMeanwhile = false;
    // The upload finds both files already stored; the unused picture is deleted just after.
    const racing: ImageStore = {
      ...bucket,
      keys: () => bucket.keys(),
      async put(key, content) {
        await bucket.put(key, content);
        if (key === thumbnailKeyOf(image.key) && !deletedMeanwhile) {
          deletedMeanwhile = (await deleteUnusedImages(t.db, bucket, [image.key])).length === 1;
        }
      },
    };

    expect(await storeImage(t.db, racing, { bytes, uploadedBy: null, now: t.clock() })).toMatchObject({
      key: image.key,
    });
    expect(deletedMeanwhile).toBe(true);
    expect(await stored(image)).toEqual({ row: true, picture: true, thumbnail: true });
  });

  test('files no upload registered (the database failed after they were written) go at the second sweep that finds them', async () => {
    const registered = await uploadPicture(t.app, cookie, await pngPicture({ background: '#123456' }));
    const stray = keyOf('stray', '.webp');
    await t.app.imageStore.put(stray, new Uint8Array([1, 2, 3]));
    await t.app.imageStore.put(thumbnailKeyOf(stray), new Uint8Array([4]));

    const first = await sweepUnregisteredFiles(t.db, t.app.imageStore, new Set());
    expect(first).toEqual({ removed: 0, unregistered: new Set([stray]) });
    expect(await t.app.imageStore.has(stray)).toBe(true);

    // Written since the last sweep: an upload may be about to register it, so it waits a sweep.
    const late = keyOf('late');
    await t.app.imageStore.put(late, new Uint8Array([5]));
    const second = await sweepUnregisteredFiles(t.db, t.app.imageStore, first.unregistered);

    expect(second).toEqual({ removed: 1, unregistered: new Set([stray, late]) });
    expect(await t.app.imageStore.has(stray)).toBe(false);
    expect(await t.app.imageStore.has(thumbnailKeyOf(stray))).toBe(false);
    expect(await t.app.imageStore.has(late)).toBe(true);
    expect(await stored(registered)).toEqual({ row: true, picture: true, thumbnail: true });
    expect(await t.db.$count(uploads)).toBe(1);
  });

  test('with the store down, an upload answers 503 and registers nothing; pictures answer 503 without internals', async () => {
    const earlier = await uploadPicture(t.app, cookie, await pngPicture({ background: '#101010' }));
    await s3.stop();

    const body = fileUploadBody(await pngPicture({ background: '#202020' }));
    const upload = await request(t.app, 'POST', apiPaths.imageUploads, { as: cookie, ...body });
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'Pictures cannot be stored or read right now. Please try again in a few minutes.',
      },
    });
    expect(await t.db.$count(uploads)).toBe(1);

    const picture = await request(t.app, 'GET', earlier.url);
    expect(picture.statusCode).toBe(503);
    expect(picture.json().error.code).toBe('service_unavailable');
    expect(picture.headers['cache-control']).toBeUndefined();

    // The log says what failed, without the credentials.
    const logged = t.logs.join('\n');
    expect(logged).toContain('ECONNREFUSED');
    expect(logged).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
  });

  test('while the store is down, /healthz and a metric say so, the log once; readiness stays; all ends once it is back', async () => {
    const token = 'picture-store-metrics-token-71c2';
    await t.close();
    t = await createTestApp({ env: { STORAGE_DRIVER: 's3', ...s3.env, METRICS_TOKEN: token } });
    const { user } = await createUserRecord(t.db, { verified: true });
    cookie = await sessionCookieFor(t, user.id);
    const picture = await uploadPicture(t.app, cookie, await pngPicture({ background: '#303030' }));
    const outageLines = () =>
      t.logs
        .map((line) => JSON.parse(line) as { outage?: string; event?: string; level: number })
        .filter((line) => line.outage === 'picture_store')
        .map((line) => line.event);
    const activeOutage = async () => {
      const scraped = await request(t.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      return parseScrape(scraped.body).total('tutorly_outage_active', { outage: 'picture_store' });
    };
    const health = async () => (await request(t.app, 'GET', '/healthz')).json();

    expect(await health()).toEqual({ status: 'ok', detail: { outages: [] } });
    await s3.stop();
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await request(t.app, 'GET', picture.url)).statusCode).toBe(503);

    expect(await health()).toEqual({
      status: 'ok',
      detail: {
        outages: [
          {
            name: 'picture_store',
            since: expect.any(String),
            description: expect.stringContaining('picture store'),
            withdrawsReadiness: false,
          },
        ],
      },
    });
    // Every instance shares the bucket: taking them all out of the load balancer would help nobody.
    expect((await request(t.app, 'GET', '/readyz')).statusCode).toBe(200);
    expect(await activeOutage()).toBe(1);
    expect(outageLines()).toEqual(['started']);

    await s3.restart();
    expect((await request(t.app, 'GET', picture.url)).statusCode).toBe(200);
    expect(await health()).toEqual({ status: 'ok', detail: { outages: [] } });
    expect(await activeOutage()).toBe(0);
    expect(outageLines()).toEqual(['started', 'ended']);
  });
});
