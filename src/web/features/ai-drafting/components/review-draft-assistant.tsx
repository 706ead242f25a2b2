import { useEffect } from 'react';
import { type ReviewDraftOptions, useReviewDraft } from '../hooks/use-review-draft';
import { AiDraftControls } from './ai-draft-controls';

/**
 * 'Write Review with AI' for a review form that lends it its fields (the page puts the two
 * together, so neither feature imports the other). The form learns through `onDraftingChange`
 * when a draft is being written, to keep its text read-only and its submit button off meanwhile.
 */
export function ReviewDraftAssistant({
  onDraftingChange,
  ...options
}: ReviewDraftOptions & { onDraftingChange: (drafting: boolean) => void }) {
  const draft = useReviewDraft(options);
  const { drafting } = draft;
  useEffect(() => onDraftingChange(drafting), [drafting, onDraftingChange]);
  return <AiDraftControls draft={draft} />;
}
