import type { Database } from '../../db/client';
import type { TextProvider } from '../ai-drafting/providers/text-provider';
import { screeningSettings } from '../settings';
import { aiSecondOpinion } from './ai-second-opinion';
import type { ScreenedText } from '../../../shared/screening';
import { screenForPublishing, type ScreeningOutcome, type ScreeningSettings } from './screen-for-publishing';

/** The screen as an administrator set it: the mode, and the AI provider's opinion when turned on and configured. */
export async function screeningSettingsOf(
  db: Database,
  ai: TextProvider | null,
  log?: (failure: string) => void,
): Promise<ScreeningSettings> {
  const stored = await screeningSettings(db);
  return {
    screeningMode: stored.screeningMode,
    secondOpinion: stored.aiScreening && ai ? aiSecondOpinion(ai, log) : null,
  };
}

/**
 * Screens a review's or a response's text as an administrator set the screen: the settings are
 * read only when there is something to decide (the rules found something, or the AI provider
 * may be asked).
 */
export function screenAsSet(
  db: Database,
  ai: TextProvider | null,
  text: ScreenedText,
  acknowledged: boolean,
  log?: (failure: string) => void,
): Promise<ScreeningOutcome> {
  return screenForPublishing(() => screeningSettingsOf(db, ai, log), text, acknowledged, {
    secondOpinionPossible: ai !== null,
  });
}
