import { useState } from 'react';
import { Trans } from 'react-i18next';
import toast from 'react-hot-toast';
import type { AdminAppeal, AppealDecision } from '../../../../shared/appeals';
import { MODERATION_REASON_MAX_LENGTH } from '../../../../shared/reviews-constants';
import { ReviewDate, ReviewStars, ReviewText, reviewTitle } from '../../../components/reviews/review-parts';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { errorMessage } from '../../../lib/api-client';
import { PagedList } from '../../../components/lists/paged-list';
import { useReviewsText } from '../../../i18n/namespaces/reviews';
import { useReviewAppeals } from '../api/get-review-appeals';
import { useDecideAppeal } from '../api/decide-appeal';

/** The catalog's keys (appealQueue.*) for what a review went through. */
const removalKey = {
  hidden: 'hidden',
  deleted: 'deleted',
  visible: 'shownAgain',
} as const satisfies Record<AdminAppeal['review']['state'], string>;

/** The catalog's keys (appealQueue.*) for each decision's dialog and toast. */
const decisionKeys = {
  restore: { title: 'restoreTitle', confirm: 'restore', busy: 'restoring', done: 'restored' },
  uphold: { title: 'upholdTitle', confirm: 'uphold', busy: 'upholding', done: 'upheld' },
} as const satisfies Record<AppealDecision, { title: string; confirm: string; busy: string; done: string }>;

/**
 * Review management's Appeals queue: each waiting appeal, oldest first, with the review as it
 * was, why and by whom it was hidden or deleted, and the author's text; Restore or Uphold, each
 * with a reason the author is told. The decision and its dialog sit above the list, so they
 * outlive the last appeal leaving it; `onDecided` then puts focus back on the page.
 */
export function AppealQueue({ page, onDecided }: { page: number; onDecided: () => void }) {
  const { t } = useReviewsText();
  const appeals = useReviewAppeals({ page });
  const decide = useDecideAppeal();
  const [request, setRequest] = useState<{ appeal: AdminAppeal; decision: AppealDecision } | null>(null);

  function confirm(reason: string) {
    if (!request) return;
    const { appeal, decision } = request;
    decide.mutate(
      { appealId: appeal.id, decision, reason },
      {
        onSuccess: () => {
          setRequest(null);
          toast.success(t(`appealQueue.${decisionKeys[decision].done}`));
          onDecided();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <>
      <PagedList
        query={appeals}
        page={page}
        label={t('appealQueue.label')}
        errorMessage={t('general.failedToLoad')}
        emptyMessage={t('appealQueue.empty')}
        noun={[t('appealQueue.appealNoun'), t('appealQueue.appealsNoun')]}
        pagesLabel={t('appealQueue.pages')}
        onNavigate={onDecided}
      >
        {(list) => (
          <ul className="space-y-4">
            {list.map((appeal) => (
              <li key={appeal.id}>
                <AppealCard
                  appeal={appeal}
                  busy={decide.isPending}
                  onDecide={(decision) => setRequest({ appeal, decision })}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ReasonDialog
        open={request !== null}
        title={request ? t(`appealQueue.${decisionKeys[request.decision].title}`) : ''}
        description={
          request && (
            <p>
              {request.decision === 'restore'
                ? t('appealQueue.restoreDescription', {
                    title: reviewTitle(request.appeal.review.title),
                    author: request.appeal.review.author.name,
                    tutor: request.appeal.review.tutor.name,
                  })
                : request.appeal.review.state === 'deleted'
                  ? t('appealQueue.upholdDeletedDescription', { title: reviewTitle(request.appeal.review.title) })
                  : t('appealQueue.upholdHiddenDescription', { title: reviewTitle(request.appeal.review.title) })}
            </p>
          )
        }
        label={t('general.reason')}
        confirmLabel={request ? t(`appealQueue.${decisionKeys[request.decision].confirm}`) : ''}
        busyLabel={request ? t(`appealQueue.${decisionKeys[request.decision].busy}`) : undefined}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        busy={decide.isPending}
        variant={request?.decision === 'restore' ? 'primary' : 'danger'}
        onConfirm={confirm}
        onCancel={() => setRequest(null)}
      />
    </>
  );
}

function AppealCard({
  appeal,
  busy,
  onDecide,
}: {
  appeal: AdminAppeal;
  busy: boolean;
  onDecide: (decision: AppealDecision) => void;
}) {
  const { t } = useReviewsText();
  const { review } = appeal;
  const title = reviewTitle(review.title);
  const headingId = `appeal-${appeal.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 break-words text-sm text-slate-700">
            {t('appealQueue.reviewOf', {
              tutor: review.tutor.name,
              author: review.author.name,
              email: review.author.email,
            })}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <ReviewStars rating={review.rating} />
            <ReviewDate value={review.createdAt} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          <Button
            disabled={busy || review.state === 'visible'}
            onClick={() => onDecide('restore')}
            aria-label={t('appealQueue.restoreLabel', { title, author: review.author.name })}
          >
            {t('appealQueue.restore')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => onDecide('uphold')}
            aria-label={t('appealQueue.upholdLabel', { title, author: review.author.name })}
          >
            {t('appealQueue.uphold')}
          </Button>
        </div>
      </div>
      <ReviewText text={review.body} title={title} className="mt-3" />
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          <dt className="font-semibold">
            {t(`appealQueue.${removalKey[review.state]}`)}
            {review.removedBy && t('appealQueue.removedBy', { name: review.removedBy })}
            {review.removedAt && (
              <>
                {' '}
                <ReviewDate value={review.removedAt} />
              </>
            )}
          </dt>
          <dd className="mt-1 whitespace-pre-line break-words">{review.reason ?? t('general.noReasonGiven')}</dd>
        </div>
        <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-slate-800">
          <dt className="font-semibold text-slate-900">
            <Trans
              t={t}
              i18nKey="appealQueue.appealOn"
              components={{ date: <ReviewDate value={appeal.createdAt} /> }}
            />
          </dt>
          <dd className="mt-1 whitespace-pre-line break-words">{appeal.text}</dd>
        </div>
      </dl>
    </article>
  );
}
