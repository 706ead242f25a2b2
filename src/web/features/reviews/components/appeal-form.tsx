import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { APPEAL_TEXT_MAX_LENGTH, appealReviewSchema, type AppealReviewRequest } from '../../../../shared/appeals';
import { FormErrorAlert, FormTextAreaField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { useReviewsText } from '../../../i18n/namespaces/reviews';
import { useAppealReview } from '../api/appeal-review';

/** The author's appeal: why a moderator should look again, sent once. */
export function AppealForm({
  reviewId,
  tutorName,
  onCancel,
}: {
  reviewId: string;
  tutorName: string;
  onCancel: () => void;
}) {
  const { t } = useReviewsText();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const appeal = useAppealReview();
  const form = useAppForm({ schema: appealReviewSchema, defaultValues: { text: '' } });

  useEffect(() => textRef.current?.focus({ preventScroll: true }), []);

  function send(request: AppealReviewRequest) {
    if (appeal.isPending) return;
    appeal.mutate(
      { reviewId, ...request },
      {
        onSuccess: () => toast.success(t('appeal.sent')),
        onError: form.showServerError,
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={t('appeal.formLabel', { name: tutorName })}
      onSubmit={form.handleSubmit(send)}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <FormErrorAlert control={form.control} />
      <FormTextAreaField
        control={form.control}
        name="text"
        ref={textRef}
        label={t('appeal.question')}
        hint={t('appeal.hint', { max: APPEAL_TEXT_MAX_LENGTH })}
        required
        rows={4}
        maxLength={APPEAL_TEXT_MAX_LENGTH}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={appeal.isPending}>
          {t('general.cancel')}
        </Button>
        <Button type="submit" disabled={appeal.isPending}>
          {appeal.isPending ? t('general.sending') : t('appeal.send')}
        </Button>
      </div>
    </form>
  );
}
