import type { ScreenedText, ScreeningFinding, ScreeningMode } from '../../../shared/screening';
import { screenText } from '../../../shared/screening-rules';
import { ScreeningRefusedError } from '../../lib/errors';

/** A second opinion on the text (the AI provider); resolves to [] when it has nothing to add or fails. */
export type SecondOpinion = (text: ScreenedText) => Promise<ScreeningFinding[]>;

export interface ScreeningSettings {
  screeningMode: ScreeningMode;
  /** The AI provider's second opinion, when an administrator turned it on and a provider is configured. */
  secondOpinion?: SecondOpinion | null;
}

/**
 * What publishing a review (or a tutor's response) does after the screen: nothing to note,
 * published flagged for a moderator, or held until a moderator publishes it. The columns are
 * those reviews and review_responses share.
 */
export type ScreeningOutcome =
  | { state: 'unscreened' }
  | { state: 'clean'; screeningFindings: [] }
  | { state: 'flagged'; screeningFindings: ScreeningFinding[] }
  | { state: 'held'; screeningFindings: ScreeningFinding[] };

/** The AI's findings that the rules did not already make, so a span is not listed twice. */
function withSecondOpinion(rules: ScreeningFinding[], ai: ScreeningFinding[]): ScreeningFinding[] {
  const added = ai.filter(
    (finding) =>
      !rules.some(
        (rule) =>
          rule.field === finding.field &&
          rule.category === finding.category &&
          rule.start < finding.end &&
          finding.start < rule.end,
      ),
  );
  return [...rules, ...added];
}

/**
 * Screens a text about to be published. Off: no screen at all (found nothing: clean, as it is
 * under any setting). Found
 * something without the author's "Submit anyway": refused with the findings. With it: Warn
 * publishes it flagged, Hold keeps it for a moderator.
 */
export async function screenForPublishing(
  settingsOf: () => Promise<ScreeningSettings>,
  text: ScreenedText,
  acknowledged: boolean,
  { secondOpinionPossible }: { secondOpinionPossible: boolean },
): Promise<ScreeningOutcome> {
  const rules = screenText(text);
  // The common case, a text the rules pass with no AI provider to ask, is clean whatever the
  // setting: it needs no settings read, so a review stays one statement after its write limit.
  if (rules.length === 0 && !secondOpinionPossible) return { state: 'clean', screeningFindings: [] };
  const settings = await settingsOf();
  if (settings.screeningMode === 'off') return { state: 'unscreened' };
  const ai = settings.secondOpinion ? await settings.secondOpinion(text) : [];
  const findings = withSecondOpinion(rules, ai);
  if (findings.length === 0) return { state: 'clean', screeningFindings: [] };
  if (!acknowledged) throw new ScreeningRefusedError(findings);
  return { state: settings.screeningMode === 'hold' ? 'held' : 'flagged', screeningFindings: findings };
}
