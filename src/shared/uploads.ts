import { z } from 'zod';

/** Largest picture accepted, checked on the bytes received (5 MB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Largest picture accepted by its declared dimensions, checked before any pixel is decoded. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** For pictures decoded whole or at 16 bits a sample (interlaced, progressive, GIF, AVIF), which cost several times the memory. */
export const MAX_COSTLY_UPLOAD_PIXELS = 16_000_000;
/** Stored pictures fit in this many pixels on their longer side. */
export const MAX_IMAGE_EDGE = 1024;
export const THUMBNAIL_EDGE = 256;

/** What the browser may offer in its file picker; the server still decides by content. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** The multipart field that carries the file. */
export const UPLOAD_FIELD_NAME = 'file';

/** `<sha256 of the stored bytes>.<jpg|webp>`: the only shape a picture key can have. */
export const imageKeySchema = z
  .string()
  .regex(/^[0-9a-f]{64}\.(jpg|webp)$/, 'The picture reference is not valid; please upload the picture again.');

/** A stored picture as the API hands it out: where to fetch it and its thumbnail. */
export const storedImageSchema = z.object({
  key: imageKeySchema,
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

export const uploadedImageSchema = storedImageSchema.extend({
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const uploadImageResponseSchema = z.object({ image: uploadedImageSchema });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

/** Public path of stored files; the key alone decides the file, so it can be cached forever. */
export const UPLOADS_URL_PREFIX = '/uploads/';

export function thumbnailKeyOf(key: string): string {
  return key.replace(/\.(jpg|webp)$/, '-thumb.$1');
}

export function storedImage(key: string): StoredImage {
  return { key, url: `${UPLOADS_URL_PREFIX}${key}`, thumbnailUrl: `${UPLOADS_URL_PREFIX}${thumbnailKeyOf(key)}` };
}
