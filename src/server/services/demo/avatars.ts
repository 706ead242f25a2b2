import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const AVATAR_SIZE = 512;
export const THUMBNAIL_SIZE = 256;
const WEBP_QUALITY = 82;

/**
 * Stores bytes under the SHA-256 of their content (`<hash>.<extension>`) and returns that key.
 * The same picture uploaded twice is stored once, and a key never points at changed bytes,
 * so files can be cached forever and written without coordination between instances.
 */
export async function storeContentAddressed(dir: string, bytes: Uint8Array, extension: string): Promise<string> {
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
  await writeOnce(path.join(dir, key), bytes);
  return key;
}

/** The thumbnail lives beside its picture under a name derived from the picture's key. */
export function thumbnailKey(key: string): string {
  return key.replace(/\.webp$/, '-thumb.webp');
}

/** Stores a WebP picture and its square thumbnail; returns the picture's key. */
export async function storeWebpWithThumbnail(dir: string, webp: Uint8Array): Promise<string> {
  const key = await storeContentAddressed(dir, webp, 'webp');
  const thumbPath = path.join(dir, thumbnailKey(key));
  if (!(await exists(thumbPath))) {
    const thumbnail = await sharp(webp).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' }).webp({ quality: WEBP_QUALITY }).toBuffer();
    await writeOnce(thumbPath, thumbnail);
  }
  return key;
}

/**
 * A 512×512 WebP portrait placeholder: large initials on a soft colour derived from the name,
 * so the same person always gets the same picture and neighbours in a list look different.
 */
export async function renderInitialsAvatar(name: string): Promise<Buffer> {
  const hue = createHash('sha256').update(name).digest().readUInt16BE(0) % 360;
  const from = hslToHex(hue, 0.55, 0.88);
  const to = hslToHex((hue + 30) % 360, 0.5, 0.8);
  const ink = hslToHex(hue, 0.45, 0.27);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 512 512">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#bg)"/>
  <circle cx="430" cy="82" r="150" fill="#ffffff" fill-opacity="0.18"/>
  <text x="256" y="256" dy="0.36em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif"
    font-size="200" font-weight="600" letter-spacing="4" fill="${ink}">${escapeXml(initials(name))}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? '?')[0] ?? '?';
  const last = words.length > 1 ? (Array.from(words.at(-1)!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase('en');
}

/** Write to a temporary name, then rename: a reader never sees half a file. */
async function writeOnce(file: string, bytes: Uint8Array): Promise<void> {
  if (await exists(file)) return;
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
