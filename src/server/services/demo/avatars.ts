import { createHash } from 'node:crypto';
import sharp from 'sharp';

const AVATAR_SIZE = 512;

/**
 * A 512×512 portrait placeholder: large initials on a soft colour derived from the name, so
 * the same person always gets the same picture and neighbours in a list look different.
 * Lossless PNG, since it is stored through the upload pipeline, which encodes it once.
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
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? '?')[0] ?? '?';
  const last = words.length > 1 ? (Array.from(words.at(-1)!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase('en');
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
