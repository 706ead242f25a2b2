import { useId, useRef } from 'react';
import { type AdminReview, type ReviewReport, reportReasonLabels } from '../../../../shared/reviews';
import { Button } from '../../../components/ui/button';
import { FlagIcon } from '../../../components/ui/icons';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { TutorPicture } from '../../../components/tutors/tutor-picture';
import { TutorVisibilityBadge } from '../../../components/tutors/tutor-visibility-badge';
import type { ModeratedReview, ReviewModeration } from './review-moderation-actions';
import { AiAssistedBadge, ReviewDate, ReviewStars, reviewTitle } from '../../../components/reviews/review-parts';

const reportDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const reportCountLabel = (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`;

/**
 * One review in review management: its open reports first, then the tutor, the author and what
 * they wrote, and the moderator's actions.
 */
export function AdminReviewCard({
  review,
  moderation,
  onLeaveList,
  hiddenLeaveList,
  dismissedLeaveList,
}: {
  review: AdminReview;
  moderation: ReviewModeration;
  /** Moves focus to the top of the list, once this review has left it. */
  onLeaveList: () => void;
  /** Whether the list in force drops a review once it is hidden (hidden reviews filtered out). */
  hiddenLeaveList: boolean;
  /** Whether it drops a review once its reports are dismissed (reported reviews only). */
  dismissedLeaveList: boolean;
}) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const moderated: ModeratedReview = { id: review.id, authorName: review.author.name };
  const unhiding = moderation.unhidingId === review.id;
  const dismissing = moderation.dismissingId === review.id;
  const title = reviewTitle(review.title);

  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {review.openReportCount > 0 && <OpenReports count={review.openReportCount} reports={review.reports} />}
      <div className="p-5">
        <div className="flex items-center gap-3">
          <TutorPicture image={review.tutor.image} name={review.tutor.name} size="sm" />
          <div className="min-w-0">
            <p className="break-words">
              <TextLink to={paths.admin.teacherFullProfile(review.tutor.id)}>{review.tutor.name}</TextLink>
            </p>
            <p className="break-words text-sm text-slate-700">{review.tutor.department}</p>
          </div>
          {!review.tutor.isPublic && (
            <span className="ml-auto shrink-0">
              <TutorVisibilityBadge isPublic={false} />
            </span>
          )}
        </div>

        <div className="mt-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h2
            id={titleId}
            ref={titleRef}
            tabIndex={-1}
            className="min-w-0 break-words text-lg font-semibold text-slate-900"
          >
            {title}
          </h2>
          <ReviewDate value={review.createdAt} className="text-sm text-slate-600" />
        </div>
        <p className="text-sm text-slate-700">
          By <span className="font-medium text-slate-900">{review.author.name}</span>{' '}
          <span className="break-all">({review.author.email})</span>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <ReviewStars rating={review.rating} />
          {review.aiAssisted && <AiAssistedBadge />}
        </p>
        {review.isHidden && (
          <div className="mt-3 flex flex-wrap items-start gap-2 rounded-md border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-800">
            <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">Hidden</span>
            {review.hiddenReason && (
              <span className="min-w-0 flex-1 whitespace-pre-line break-words">Reason: {review.hiddenReason}</span>
            )}
          </div>
        )}
        <p className="mt-3 whitespace-pre-line break-words text-slate-800">{review.body}</p>

        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {/* One button that turns from Hide into Unhide, so focus stays on it across the change. */}
          <Button
            variant="secondary"
            aria-disabled={unhiding || undefined}
            aria-busy={unhiding || undefined}
            onClick={() => {
              if (unhiding) return;
              if (review.isHidden) moderation.requestUnhide(moderated);
              else moderation.requestHide(moderated, { focusAfter: hiddenLeaveList ? onLeaveList : undefined });
            }}
            className="min-h-11"
          >
            {review.isHidden ? (unhiding ? 'Unhiding...' : 'Unhide') : 'Hide'}
            <span className="sr-only"> review by {review.author.name}</span>
          </Button>
          <Button
            variant="danger"
            onClick={() => moderation.requestDelete(moderated, { focusAfter: onLeaveList })}
            className="min-h-11"
          >
            Delete
            <span className="sr-only"> review by {review.author.name}</span>
          </Button>
          {review.openReportCount > 0 && (
            <Button
              variant="secondary"
              aria-disabled={dismissing || undefined}
              aria-busy={dismissing || undefined}
              onClick={() => {
                if (dismissing) return;
                // The button goes with the reports: focus stays with this review, or goes to the list's top if it leaves.
                moderation.requestDismiss(moderated, {
                  focusAfter: dismissedLeaveList ? onLeaveList : () => titleRef.current?.focus(),
                });
              }}
              className="min-h-11"
            >
              {dismissing ? 'Dismissing...' : 'Dismiss reports'}
              <span className="sr-only"> on the review by {review.author.name}</span>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** Why students reported the review, the latest first: what a moderator reads before anything else. */
function OpenReports({ count, reports }: { count: number; reports: ReviewReport[] }) {
  const notShown = count - reports.length;
  return (
    <div className="border-b border-amber-300 bg-amber-50 px-5 py-4 text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <FlagIcon className="h-5 w-5 shrink-0" />
        {reportCountLabel(count)}
      </p>
      <ul aria-label="Reports" className="mt-2 space-y-2 text-sm">
        {reports.map((report) => (
          <li key={report.id} className="break-words">
            <span className="font-semibold">{reportReasonLabels[report.reason]}</span>
            {report.details && <span className="whitespace-pre-line">: {report.details}</span>}
            <span className="block text-amber-900">
              {report.reporterName ?? 'A deleted account'},{' '}
              <time dateTime={report.createdAt}>{reportDate.format(new Date(report.createdAt))}</time>
            </span>
          </li>
        ))}
      </ul>
      {notShown > 0 && (
        <p className="mt-2 text-sm text-amber-900">
          and {notShown} earlier {notShown === 1 ? 'report' : 'reports'}.
        </p>
      )}
    </div>
  );
}
