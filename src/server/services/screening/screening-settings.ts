import type { Database } from '../../db/client';
import type { TextProvider } from '../ai-drafting/providers/text-provider';
import { screeningSettings } from '../settings';
import { aiSecondOpinion } from './ai-second-opinion';
import type { ScreeningSettings } from './screen-for-publishing';

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
