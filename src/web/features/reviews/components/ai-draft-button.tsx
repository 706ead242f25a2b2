import { useId } from 'react';
import { Button } from '../../../components/ui/button';

/** 'Write Review with AI': unavailable until an AI provider is configured, and it says so. */
export function AiDraftButton() {
  const noteId = useId();
  return (
    <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
      <Button variant="secondary" disabled aria-describedby={noteId}>
        Write Review with AI
      </Button>
      <p id={noteId} className="text-sm text-slate-600">
        No AI provider is configured.
      </p>
    </div>
  );
}
