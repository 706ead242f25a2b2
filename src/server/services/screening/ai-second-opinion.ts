import type { ScreenedText, ScreeningFinding } from '../../../shared/screening';
import type { TextProvider } from '../ai-drafting/providers/text-provider';
import type { SecondOpinion } from './screen-for-publishing';

/** Not yet asked: the AI provider's second opinion has nothing to add. */
export function aiSecondOpinion(_ai: TextProvider): SecondOpinion {
  return async (_text: ScreenedText): Promise<ScreeningFinding[]> => [];
}
