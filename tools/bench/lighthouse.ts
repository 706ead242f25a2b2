/**
 * Lighthouse's mobile audit of a few pages, as a signed-in student sees them, in Debian's
 * chromium without a window. Scores are 0–100.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { THEME_COOKIE } from '../../src/shared/theme';

const CHROMIUM = '/usr/bin/chromium';
/** Root needs --no-sandbox; the rest keep chromium from stalling on a machine without network. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** The dark theme changes colours, not what loads: its pages are audited for accessibility and practices only. */
const DARK_CATEGORIES = ['accessibility', 'best-practices'];
const RETRIES = 2;

export interface LighthousePage {
  name: string;
  path: string;
  /** Audited in the dark theme (its cookie set), for accessibility and best practices only. */
  dark?: boolean;
}

/**
 * The pages the benchmark audits: the landing page, and two app pages as a signed-in student sees
 * them; then the same three in the dark theme, whose contrast must hold as well.
 */
export function lighthousePages(popularTutorId: string): LighthousePage[] {
  const pages = [
    { name: 'Landing page', path: '/' },
    { name: 'Tutor list', path: '/user/tutors' },
    { name: 'Tutor profile', path: `/user/tutorprofile/${popularTutorId}` },
  ];
  return [...pages, ...pages.map((page) => ({ ...page, name: `${page.name}, dark`, dark: true }))];
}

export interface LighthouseScores extends LighthousePage {
  /** Null where not measured (the dark theme's pages). */
  performance: number | null;
  accessibility: number;
  bestPractices: number;
  /** What the performance score is made of most: the main thread's long tasks and the page's largest paint. */
  totalBlockingTimeMs: number | null;
  largestContentfulPaintMs: number | null;
  /** Lighthouse's measure of the host's CPU (a recent desktop is about 1,500 and up), which the CPU slowdown multiplies. */
  benchmarkIndex: number;
}

export async function runLighthouse(options: {
  baseUrl: string;
  cookie: string;
  pages: LighthousePage[];
}): Promise<LighthouseScores[]> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const scores: LighthouseScores[] = [];
    // One page at a time: they would otherwise slow each other down and spoil the performance score.
    for (const page of options.pages) {
      const url = new URL(page.path, options.baseUrl).href;
      const audit = () =>
        lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: page.dark ? DARK_CATEGORIES : CATEGORIES,
          extraHeaders: { Cookie: page.dark ? `${options.cookie}; ${THEME_COOKIE}=dark` : options.cookie },
        });
      let result = await audit();
      // Now and then the trace of a page load comes back incomplete (NO_NAVSTART and the like); Lighthouse's own advice is to run again.
      for (let retry = 1; result?.lhr.runtimeError && retry <= RETRIES; retry++) result = await audit();
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, runtimeError, audits, environment } = result.lhr;
      if (runtimeError)
        throw new Error(
          `Lighthouse could not audit ${url} (${RETRIES + 1} tries): ${runtimeError.code} ${runtimeError.message}`,
        );
      const score = (category: string) => {
        const value = categories[category]?.score;
        if (value === null || value === undefined) throw new Error(`Lighthouse gave ${url} no ${category} score`);
        return Math.round(value * 100);
      };
      const timing = (audit: string) => (page.dark ? null : Math.round(audits[audit]?.numericValue ?? 0));
      scores.push({
        ...page,
        performance: page.dark ? null : score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        totalBlockingTimeMs: timing('total-blocking-time'),
        largestContentfulPaintMs: timing('largest-contentful-paint'),
        benchmarkIndex: Math.round(environment.benchmarkIndex),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

/**
 * Each page's median over several runs, figure by figure (so a page's median performance and its
 * median blocking time may come from different runs): one run moves by several points on a
 * shared machine.
 */
export function medianScores(runs: LighthouseScores[][]): LighthouseScores[] {
  const first = runs[0] ?? [];
  const median = <Value extends number | null>(values: Value[]): Value => {
    if (values.some((value) => value === null)) return null as Value;
    const sorted = (values as number[]).sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return (sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)) as Value;
  };
  return first.map((page, index) => {
    const runsOfPage = runs.map((run) => run[index]!);
    const of = <Figure extends Exclude<keyof LighthouseScores, keyof LighthousePage>>(figure: Figure) =>
      median(runsOfPage.map((run) => run[figure]));
    return {
      name: page.name,
      path: page.path,
      ...(page.dark ? { dark: true } : {}),
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      totalBlockingTimeMs: of('totalBlockingTimeMs'),
      largestContentfulPaintMs: of('largestContentfulPaintMs'),
      benchmarkIndex: of('benchmarkIndex'),
    };
  });
}
