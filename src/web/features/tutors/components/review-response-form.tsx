import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormErrorAlert, FormTextAreaField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { ScreeningNotice } from '../../../components/reviews/screening-notice';
import { Button } from '../../../components/ui/button';
import { ApiRequestError } from '../../../lib/api-client';
import type { ScreeningFinding } from '../../../../shared/screening';
import { RESPONSE_BODY_MAX_LENGTH, responseInputSchema, type ResponseInput } from '../../../../shared/tutor-side';
import type { TutorReview } from '../../../../shared/tutor-reviews';
import { useSaveReviewResponse } from '../api/save-review-response';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** The tutor's response to a review, written or rewritten in place under it. */
export function ResponseForm({ review, onDone }: { review: TutorReview; onDone: () => void }) {
  const { t } = useTutorsText();
  const save = useSaveReviewResponse();
  const form = useAppForm({ schema: responseInputSchema, defaultValues: { body: review.response?.body ?? '' } });
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // Opened by the tutor's click: the text box is where they write next.
  useEffect(() => bodyRef.current?.focus(), []);
  // What the server's screen found in the response as it was sent, shown instead of publishing it.
  const [notice, setNotice] = useState<{ findings: readonly ScreeningFinding[]; body: string } | null>(null);

  function send({ body }: ResponseInput, screeningAcknowledged = false) {
    if (save.isPending) return;
    setNotice(null);
    save.mutate(
      { reviewId: review.id, body, screeningAcknowledged },
      {
        onSuccess: ({ response }) => {
          if (response.waitingForModerator) toast.success(t('response.waitingToast'));
          else toast.success(review.response ? t('response.updatedToast') : t('response.publishedToast'));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'screening_findings') {
            setNotice({ findings: error.screeningFindings, body });
            return;
          }
          form.showServerError(error);
        },
      },
    );
  }

  return (
    <form
      noValidate
      className="mt-3 space-y-3 rounded-lg border border-slate-200 p-3"
      onSubmit={form.handleSubmit((input) => send(input))}
    >
      <FormErrorAlert control={form.control} />
      <FormTextAreaField
        control={form.control}
        name="body"
        label={t('response.label')}
        hint={t('response.hint')}
        required
        rows={4}
        maxLength={RESPONSE_BODY_MAX_LENGTH}
        ref={bodyRef}
      />
      {notice && (
        <ScreeningNotice
          subject="response"
          findings={notice.findings}
          text={{ body: notice.body }}
          busy={save.isPending}
          onEdit={() => setNotice(null)}
          onSubmitAnyway={() => send({ body: notice.body }, true)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? t('response.publishing') : t('response.publish')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
