import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import {
  MAX_COSTLY_UPLOAD_PIXELS,
  MAX_IMAGE_EDGE,
  MAX_UPLOAD_PIXELS,
  storedImage,
  THUMBNAIL_EDGE,
  thumbnailKeyOf,
  type UploadedImage,
} from '../../shared/uploads';
import { changeData, NOTHING_KEPT } from '../db/change-data';
import type { Database } from '../db/client';
import { tutors, uploads } from '../db/schema';
import { AppError, isForeignKeyViolation } from '../lib/errors';
import { WorkQueue, WorkQueueFullError } from '../lib/work-queue';
import { contentAddressedKey, type ImageStore, isStoredFileKey, type StoredExtension } from '../storage';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const UNSUPPORTED_MESSAGE = 'Only JPEG, PNG, WebP, GIF or AVIF pictures can be uploaded.';
const UNREADABLE_MESSAGE = 'The picture could not be read; the file may be damaged. Please choose another picture.';
const TOO_LARGE_MESSAGE = 'The picture is too large: at most 40 megapixels.';
const COSTLY_TOO_LARGE_MESSAGE =
  'This picture is interlaced or progressive, has 16 bits per channel, or is a GIF or AVIF: such pictures take much more memory to read and can be at most 16 megapixels. Save it as an ordinary JPEG or PNG, or make it smaller.';
const BUSY_MESSAGE = 'Many pictures are being processed right now. Please try again in a minute.';

/**
 * Decoding is where a picture costs memory and a thread of libuv's small pool (shared with
 * password hashing and file access): one at a time per process, the rest wait in line, and a
 * line longer than this is refused instead of piling up uploads in memory.
 */
const decodeQueue = new WorkQueue(1, 16);

const JPEG_QUALITY = 82;
const WEBP_QUALITY = 82;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The picture type by its first bytes; the file name and the declared content type are never
 * trusted. AVIF is an ISO-BMFF `ftyp` box whose major or compatible brands include avif/avis.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (isAvif(bytes)) return 'avif';
  return null;
}

function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || !startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (boxSize < 16) return false;
  const end = Math.min(boxSize, bytes.length);
  // Major brand at 8, minor version at 12, then compatible brands, four bytes each.
  for (let offset = 8; offset + 4 <= end; offset += offset === 8 ? 8 : 4) {
    if (startsWith(bytes, ascii('avif'), offset) || startsWith(bytes, ascii('avis'), offset)) return true;
  }
  return false;
}

/**
 * Whether libvips must hold the whole picture in memory to read it, or reads it at more than a
 * byte per sample: interlaced PNG and progressive JPEG (read in passes over the whole picture),
 * GIF and AVIF (decoded whole by their libraries), 16-bit samples. Measured on 36 megapixels, a
 * plain PNG costs some 40 MB to decode, a 16-bit interlaced one 260-350 MB and a second or more.
 */
function isCostlyToDecode(type: ImageType, declared: Metadata): boolean {
  if (type === 'gif' || type === 'avif' || declared.isProgressive) return true;
  const wideDepth = declared.depth !== undefined && declared.depth !== 'uchar' && declared.depth !== 'char';
  return wideDepth || (declared.bitsPerSample ?? 8) > 8;
}

interface EncodedImage {
  key: string;
  extension: StoredExtension;
  contentType: 'image/jpeg' | 'image/webp';
  picture: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * Checks and re-encodes a picture: the type by its bytes, the declared size before any pixel
 * is decoded (a small file can declare billions of pixels), then upright, without EXIF, GPS,
 * XMP or other metadata, in sRGB, at most MAX_IMAGE_EDGE on its longer side, with a square
 * thumbnail. JPEG stays JPEG; everything else becomes WebP, which keeps transparency.
 */
async function encodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('unsupported_image', UNSUPPORTED_MESSAGE);
  // libvips costs a server some 30 MB of memory: loaded with the first picture, not at start.
  const { default: sharp } = await import('sharp');
  // Every upload is decoded once: libvips' cache of recent operations would only hold memory,
  // and one thread per picture leaves the other cores to the requests.
  sharp.cache(false);
  sharp.concurrency(1);

  let declared: Metadata;
  try {
    // Reads the header only.
    declared = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('unsupported_image', UNREADABLE_MESSAGE);
  }
  if (!declared.width || !declared.height) throw new AppError('unsupported_image', UNREADABLE_MESSAGE);
  const pixels = declared.width * declared.height;
  if (pixels > MAX_UPLOAD_PIXELS) throw new AppError('image_too_large', TOO_LARGE_MESSAGE);
  if (isCostlyToDecode(type, declared) && pixels > MAX_COSTLY_UPLOAD_PIXELS)
    throw new AppError('image_too_large', COSTLY_TOO_LARGE_MESSAGE);

  const asJpeg = type === 'jpeg';
  const extension: StoredExtension = asJpeg ? 'jpg' : 'webp';
  const encode = (image: Sharp) =>
    asJpeg ? image.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }) : image.webp({ quality: WEBP_QUALITY });

  let picture: { data: Buffer; info: OutputInfo };
  let thumbnail: Buffer;
  try {
    ({ picture, thumbnail } = await decodeQueue.run(async () => {
      // The pixel limit again, as sharp's own guard; only the first frame of an animation is read.
      // Metadata is not copied to the output unless asked for, so EXIF, GPS and XMP are dropped.
      const source = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, animated: false })
        .rotate()
        .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
      const resized = await encode(source).toBuffer({ resolveWithObject: true });
      const edge = Math.min(THUMBNAIL_EDGE, resized.info.width, resized.info.height);
      return {
        picture: resized,
        thumbnail: await encode(sharp(resized.data).resize(edge, edge, { fit: 'cover' })).toBuffer(),
      };
    }));
  } catch (err) {
    if (err instanceof WorkQueueFullError) throw new AppError('service_unavailable', BUSY_MESSAGE);
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new AppError('image_too_large', TOO_LARGE_MESSAGE);
    throw new AppError('unsupported_image', UNREADABLE_MESSAGE);
  }

  return {
    key: contentAddressedKey(picture.data, extension),
    extension,
    contentType: asJpeg ? 'image/jpeg' : 'image/webp',
    picture: picture.data,
    thumbnail,
    width: picture.info.width,
    height: picture.info.height,
  };
}

export interface StoreImageInput {
  bytes: Uint8Array;
  /** Null for pictures the system itself stores (the demo). */
  uploadedBy: string | null;
  now: Date;
}

/**
 * Re-encodes the picture, registers it in `uploads` and stores it with its thumbnail. The same
 * picture stored again gets the same key and one row, whose time is refreshed so the sweep of
 * abandoned pictures gives it its full grace period again.
 */
export async function storeImage(db: Database, store: ImageStore, input: StoreImageInput): Promise<UploadedImage> {
  const image = await encodeImage(input.bytes);
  const row = {
    key: image.key,
    uploadedBy: input.uploadedBy,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    bytes: image.picture.length,
    createdAt: input.now,
  };
  // The files first, then the row: a row names a picture that is stored, and a store that is
  // down fails the upload (a 503) before anything is registered. Files written for an upload
  // whose row then fails are reused by the same picture uploaded again, or swept
  // (sweepUnregisteredFiles).
  const files = [
    { key: image.key, bytes: image.picture },
    { key: thumbnailKeyOf(image.key), bytes: image.thumbnail },
  ];
  for (const file of files) await store.put(file.key, file.bytes);
  // Pictures are served from the store by key; their rows are read by no kept answer.
  await changeData(db, NOTHING_KEPT, async (tx) => {
    await tx
      .insert(uploads)
      .values(row)
      .onConflictDoUpdate({ target: uploads.key, set: { createdAt: input.now } });
    // The row is now ours until commit. A deletion of the same key holds that lock while it
    // removes the files, so one that ran between our writes and here has removed files we had
    // found stored: write them again before the row becomes visible.
    for (const file of files) {
      if (!(await store.has(file.key))) await store.put(file.key, file.bytes);
    }
  });
  return { ...storedImage(image.key), width: image.width, height: image.height, contentType: image.contentType };
}

/**
 * Deletes the pictures among `keys` that no tutor references any more: their rows and both
 * files. Called after the change that dropped the references has committed. Returns the keys
 * deleted.
 */
export async function deleteUnusedImages(
  db: Database,
  store: ImageStore,
  keys: readonly (string | null | undefined)[],
): Promise<string[]> {
  const candidates = [...new Set(keys)].filter((key): key is string => typeof key === 'string' && isStoredFileKey(key));
  const deleted: string[] = [];
  for (const key of candidates) {
    if (await deleteIfUnused(db, store, key)) deleted.push(key);
  }
  return deleted;
}

/**
 * Removes pictures uploaded before `olderThan` that no tutor references: forms that were
 * abandoned after the upload. Returns how many were removed.
 */
export async function sweepOrphanImages(db: Database, store: ImageStore, olderThan: Date): Promise<number> {
  const orphans = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(lt(uploads.createdAt, olderThan), notReferenced()));
  let removed = 0;
  for (const { key } of orphans) {
    // The age is checked again: the same picture may have been uploaded again meanwhile.
    if (await deleteIfUnused(db, store, key, olderThan)) removed += 1;
  }
  return removed;
}

const THUMBNAIL_SUFFIX = /-thumb(\.(?:jpg|webp))$/;

/**
 * Removes files that no `uploads` row names: written by an upload whose row was then never
 * registered (the database failed in between). An upload writes its files before its row, so a
 * file is removed only when the previous sweep (hours earlier) already found it unregistered:
 * pass what the last call returned as `unregisteredBefore`. Returns how many pictures were
 * removed (with their thumbnails) and the keys found unregistered this time.
 */
export async function sweepUnregisteredFiles(
  db: Database,
  store: ImageStore,
  unregisteredBefore: ReadonlySet<string>,
): Promise<{ removed: number; unregistered: Set<string> }> {
  const pictureKeys = new Set<string>();
  for await (const key of store.keys()) pictureKeys.add(key.replace(THUMBNAIL_SUFFIX, '$1'));
  const candidates = [...pictureKeys];
  const registered = new Set<string>();
  for (let i = 0; i < candidates.length; i += 1000) {
    const rows = await db
      .select({ key: uploads.key })
      .from(uploads)
      .where(inArray(uploads.key, candidates.slice(i, i + 1000)));
    for (const { key } of rows) registered.add(key);
  }
  const unregistered = new Set(candidates.filter((key) => !registered.has(key)));
  let removed = 0;
  for (const key of unregistered) {
    if (unregisteredBefore.has(key) && (await deleteUnregistered(db, store, key))) removed += 1;
  }
  return { removed, unregistered };
}

/**
 * Claims the key with a row of its own, so an upload of the same picture waits on it as on a
 * deletion, then removes the files and the row. False if a row appeared meanwhile.
 */
async function deleteUnregistered(db: Database, store: ImageStore, key: string): Promise<boolean> {
  try {
    return await changeData(db, NOTHING_KEPT, async (tx) => {
      const claimed = await tx
        .insert(uploads)
        .values({
          key,
          uploadedBy: null,
          contentType: key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp',
          width: 0,
          height: 0,
          bytes: 0,
          createdAt: new Date(0),
        })
        .onConflictDoNothing()
        .returning({ key: uploads.key });
      if (claimed.length === 0) return false;
      // The row goes first: a tutor that started pointing at it makes this fail before any file goes.
      await tx.delete(uploads).where(eq(uploads.key, key));
      await deletePictureFiles(store, key);
      return true;
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

/** A picture's two files: itself and its thumbnail. */
async function deletePictureFiles(store: ImageStore, key: string): Promise<void> {
  await store.delete(key);
  await store.delete(thumbnailKeyOf(key));
}

/** How long an uploaded picture may wait for the form that will use it. */
export const ORPHAN_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

const notReferenced = () => notExists(sql`(select 1 from ${tutors} where ${tutors.imageKey} = ${uploads.key})`);

async function deleteIfUnused(db: Database, store: ImageStore, key: string, createdBefore?: Date): Promise<boolean> {
  try {
    // Only pictures no tutor references go: no kept answer names them.
    return await changeData(db, NOTHING_KEPT, async (tx) => {
      const deleted = await tx
        .delete(uploads)
        .where(
          and(eq(uploads.key, key), notReferenced(), createdBefore ? lt(uploads.createdAt, createdBefore) : undefined),
        )
        .returning({ key: uploads.key });
      if (deleted.length === 0) return false;
      // Removed while the deleted row is still locked, so an upload of the same picture waits
      // and writes its files after these are gone, never before.
      await deletePictureFiles(store, key);
      return true;
    });
  } catch (err) {
    // A tutor started using the picture between our check and the delete: it stays.
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}
