import { expect, it } from 'vitest';
import { darkColour, darkPaletteBlock, stylesheetPaletteBlock } from '../../tools/dark-palette';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

it('the stylesheet holds the dark palette the tool derives from Tailwind’s', () => {
  expect(stylesheetPaletteBlock()).toBe(darkPaletteBlock());
});

it('keeps the contrast of a pair of colours, turned around', () => {
  // Tailwind's slate-600 text on white (7.6:1) and indigo-700 on indigo-50.
  const slate600 = { l: 0.446, c: 0.043, h: 257.281 };
  const white = { l: 1, c: 0, h: 0 };
  const darkText = luminance(darkColour(slate600));
  const darkSurface = luminance(darkColour(white));
  expect(darkText).toBeGreaterThan(darkSurface);
  expect(contrast(darkText, darkSurface)).toBeCloseTo(7.58, 0);

  const indigo700 = luminance(darkColour({ l: 0.457, c: 0.24, h: 277.023 }));
  const indigo50 = luminance(darkColour({ l: 0.962, c: 0.018, h: 272.314 }));
  expect(indigo700).toBeGreaterThan(indigo50);
  expect(contrast(indigo700, indigo50)).toBeGreaterThan(6.5);
});
