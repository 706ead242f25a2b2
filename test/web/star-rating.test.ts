import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { filledStarsWidth, StarRating } from '../../src/web/components/ui/star-rating';

/** A star is 24 units wide and the next one starts 26.4 units after it. */
const STAR = 24;
const STEP = 26.4;

describe('StarRating', () => {
  it('is one labelled image drawn with two paths, whatever the rating', () => {
    // A page of reviews shows dozens of these rows: five separate stars were up to 31 elements each.
    for (const value of [0, 1, 3.5, 4.3, 5]) {
      const markup = renderToStaticMarkup(createElement(StarRating, { value, size: 'sm' }));
      expect(markup.match(/<svg/g)).toHaveLength(value > 0 ? 2 : 1);
      expect(markup.match(/<path/g)).toHaveLength(value > 0 ? 2 : 1);
      expect(markup.match(/role="img"/g)).toHaveLength(1);
      expect(markup).toContain(`aria-label="Rated ${value.toFixed(1)} out of 5"`);
    }
    expect(renderToStaticMarkup(createElement(StarRating, { value: 4, label: 'Rated 4 out of 5' }))).toContain(
      'aria-label="Rated 4 out of 5"',
    );
  });

  it('fills whole stars, then the fraction of the next one, never past the fifth', () => {
    expect(filledStarsWidth(0)).toBe(0);
    expect(filledStarsWidth(1)).toBeCloseTo(STEP);
    expect(filledStarsWidth(4.3)).toBeCloseTo(4 * STEP + 0.3 * STAR);
    expect(filledStarsWidth(5)).toBeCloseTo(4 * STEP + STAR);
    expect(filledStarsWidth(7)).toBeCloseTo(4 * STEP + STAR);
    expect(filledStarsWidth(-1)).toBe(0);
  });

  it('draws the filled part to that width', () => {
    const markup = renderToStaticMarkup(createElement(StarRating, { value: 2.5 }));
    expect(markup).toContain(`<svg width="${2 * STEP + 0.5 * STAR}" height="24">`);
  });
});
