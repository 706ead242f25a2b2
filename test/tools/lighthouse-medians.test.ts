import { describe, expect, test } from 'vitest';
import { type LighthouseScores, medianScores } from '../../tools/bench/lighthouse';

const page = (name: string, performance: number, totalBlockingTimeMs: number): LighthouseScores => ({
  name,
  path: `/${name}`,
  performance,
  accessibility: 100,
  bestPractices: 100,
  totalBlockingTimeMs,
  largestContentfulPaintMs: 2000 + performance,
  benchmarkIndex: 1500,
});

describe('medianScores', () => {
  test("each page's figures are the medians of its runs, figure by figure", () => {
    const runs = [
      [page('list', 93, 180), page('profile', 88, 300)],
      [page('list', 97, 70), page('profile', 91, 240)],
      [page('list', 95, 120), page('profile', 94, 260)],
    ];
    expect(medianScores(runs)).toEqual([
      { ...page('list', 95, 120) },
      { ...page('profile', 91, 260), largestContentfulPaintMs: 2091 },
    ]);
  });

  test('an even number of runs takes the rounded mean of the middle two', () => {
    expect(medianScores([[page('list', 93, 100)], [page('list', 96, 151)]])[0]).toMatchObject({
      performance: 95,
      totalBlockingTimeMs: 126,
    });
  });
});
