import type { Role } from './account';

/*
 * How hard a new password must be to guess, judged by zxcvbn-ts's estimate (its score: 0 too
 * guessable, 1 very guessable, 2 somewhat guessable, 3 safely unguessable, 4 very unguessable),
 * on top of the length, the list of common passwords and the personal checks. The server and
 * the web's strength meter apply this one rule; both load the estimator lazily (its word lists
 * are large), the web only on pages that ask for a new password.
 */

/** The least score a new password must reach: administrators guard everyone's data. */
export const MIN_PASSWORD_SCORE: Record<Role, number> = { student: 2, admin: 3 };

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Make it longer, or use a few unrelated words.';
export const WEAK_ADMIN_PASSWORD_MESSAGE =
  "An administrator's password must be very hard to guess. Make it longer, or use a few more unrelated words.";

export function weakPasswordMessage(role: Role): string {
  return role === 'admin' ? WEAK_ADMIN_PASSWORD_MESSAGE : WEAK_PASSWORD_MESSAGE;
}

/** Scores a password (0-4) given the words of its owner (address, name) that make it weaker. */
export type PasswordScorer = (password: string, userInputs: readonly string[]) => number;

let scorer: Promise<PasswordScorer> | undefined;

/** The estimator with the common dictionaries and keyboard layouts, loaded once. */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => {
      const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
      return (password, userInputs) => zxcvbn.check(password, [...userInputs]).score;
    },
  );
  return scorer;
}

/** Whether a score passes the rule for an account of this role. */
export function isStrongEnough(score: number, role: Role): boolean {
  return score >= MIN_PASSWORD_SCORE[role];
}
