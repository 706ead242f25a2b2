import type { DraftFailureCode } from '../../../shared/ai-drafting';

/** Why a draft failed, in plain words for the student. */
export function draftFailureMessage(code: DraftFailureCode, detail: { reason?: string; timeoutMs: number }): string {
  switch (code) {
    case 'ai_blocked':
      if (detail.reason === 'RECITATION')
        return 'The AI model stopped because its draft repeated existing text too closely. Please try again.';
      if (detail.reason === 'LANGUAGE') return 'The AI model does not support the language of your title or notes.';
      return "The AI model's safety filters blocked this draft. Try rewording your title or notes.";
    case 'ai_empty':
      return 'The AI model sent back an empty draft. Please try again.';
    case 'ai_timeout':
      return `The AI model took longer than ${Math.round(detail.timeoutMs / 1000)} seconds, so the draft was stopped. Please try again.`;
    case 'ai_busy':
      return 'The AI service is busy right now. Please try again in a few minutes.';
    case 'ai_provider_refused':
      return 'The AI service turned the request down. Please tell an administrator: the AI settings may need attention.';
    case 'ai_provider_error':
      return 'The AI service is not working right now. Please try again later.';
  }
}
