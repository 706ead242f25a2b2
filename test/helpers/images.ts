import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../../src/server/types';
import { apiPaths } from '../../src/shared/api-paths';
import type { UploadedImage } from '../../src/shared/uploads';
import { fileUploadBody } from './multipart';
import { request } from './requests';

// Pictures made at test time with sharp, so the repository holds no binary fixtures.

type Colour = string | { r: number; g: number; b: number; alpha?: number };

export interface PictureOptions {
  width?: number;
  height?: number;
  background?: Colour;
}

function canvas({ width = 64, height = 48, background = '#3366cc' }: PictureOptions, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background } });
}

export const pngPicture = (options: PictureOptions = {}) => canvas(options).png().toBuffer();
export const jpegPicture = (options: PictureOptions = {}) => canvas(options).jpeg().toBuffer();
export const webpPicture = (options: PictureOptions = {}) => canvas(options).webp().toBuffer();
export const gifPicture = (options: PictureOptions = {}) => canvas(options).gif().toBuffer();
export const avifPicture = (options: PictureOptions = {}) => canvas(options).avif().toBuffer();

/** A half-transparent PNG. */
export const transparentPngPicture = (options: PictureOptions = {}) =>
  canvas({ background: { r: 200, g: 40, b: 40, alpha: 0.5 }, ...options }, 4)
    .png()
    .toBuffer();

/** A two-frame GIF: red, then green. */
export async function animatedGifPicture(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00'].map((background) => canvas({ width: 40, height: 30, background }).png().toBuffer()),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/**
 * A JPEG as a phone camera writes it: camera make and GPS position in its EXIF, and stored
 * sideways with an orientation tag saying "rotate 90° clockwise to view".
 */
export function jpegPhotoWithGps(options: PictureOptions = {}): Promise<Buffer> {
  return canvas({ width: 64, height: 48, ...options })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Pocket 3' },
      // IFD3 is the GPS directory.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .toBuffer();
}

/** A PNG of random pixels, barely compressed, of about `bytes` bytes. */
export function noisePngOfSize(bytes: number): Promise<Buffer> {
  const width = 1000;
  const height = Math.ceil(bytes / (width * 3));
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A decompression bomb in a few dozen bytes: a valid PNG header declaring width × height
 * pixels, followed by a tiny compressed row and the end marker.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(2, 9); // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a picture through the API as the user of `cookie`; fails loudly unless it is stored. */
export async function uploadPicture(app: App, cookie: string, content?: Uint8Array): Promise<UploadedImage> {
  const body = fileUploadBody(content ?? (await pngPicture()));
  const response = await request(app, 'POST', apiPaths.imageUploads, {
    as: cookie,
    headers: { ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{ image: UploadedImage }>().image;
}
