/**
 * Which of the two test tiers runs. `npm test` proves every behaviour, with the heavy runs in a
 * small smoke form; `npm run test:full` (TEST_TIER=full) runs them at full size as well: the whole
 * benchmark with every comparison and Lighthouse, fuzzing at full strength, the longer soak and
 * query plans at university size. The Performance work and releases run the full tier.
 */
export const fullTier = process.env.TEST_TIER === 'full';

/** How the heavy runs a file skips in `npm test` are named in its output. */
export const FULL_TIER_ONLY = '(npm run test:full)';
