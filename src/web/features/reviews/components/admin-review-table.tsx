import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import type { AdminReview, ReviewReport } from '../../../../shared/review-moderation';
import type { ScreenedText, ScreeningFinding } from '../../../../shared/screening';
import { findingText } from '../../../../shared/screening-wording';
import { FlagIcon } from '../../../components/ui/icons/flag-icon';
import { RowMenu } from '../../../components/tables/row-menu';
import { TruncatedEmail } from '../../../components/tables/truncated-text';
import type { Selection } from '../../../components/tables/use-selection';
import { TextLink } from '../../../components/ui/text-link';
import { AiAssistedBadge, ReviewDate, reviewTitle } from '../../../components/reviews/review-parts';
import { paths } from '../../../config/paths';
import { describeScreeningFinding } from '../../../components/reviews/screening-words';
import { formatDateTime } from '../../../i18n/format';
import { useReviewsText } from '../../../i18n/namespaces/reviews';
import { ResponseFromTutorView } from '../../../components/reviews/response-from-tutor';
import { ResponseModerationActions } from './response-moderation-actions';
import type { ReviewModeration } from './review-moderation-actions';
import { reviewMenuItems } from './review-list-moderation';

export interface RowLeaves {
  /** Where focus goes once a hidden review leaves the list in force (the Reported tab, hidden ones left out). */
  hide?: () => void;
  /** Where focus goes once a review shown again leaves the list (the Hidden tab). */
  unhide?: () => void;
  /** Where focus goes once a review whose reports were dismissed leaves the list (the Reported tab). */
  dismiss?: () => void;
  /** Where focus goes once an approved review leaves the list (the Flagged tab). */
  approve?: () => void;
  /** Where focus goes once a deleted review has left. */
  remove: () => void;
}

/** A star before the rating, for the eye (screen readers hear the rating in words). */
const STAR = '★';

const listed = (review: AdminReview) => ({
  id: review.id,
  authorName: review.author.name,
  title: review.title,
  isHidden: review.isHidden,
  openReportCount: review.openReportCount,
  flagged: review.flagged,
  waitingForModerator: review.waitingForModerator,
});

/**
 * Review management's reviews, one line each: a box to tick for bulk actions, the review (its
 * title opens what was written and why it was reported), the tutor, the author, the open
 * reports, the date and a menu of actions. Below md the lines become compact cards.
 */
export function AdminReviewTable({
  reviews,
  moderation,
  selection,
  leaves,
}: {
  reviews: AdminReview[];
  moderation: ReviewModeration;
  selection: Selection;
  leaves: RowLeaves;
}) {
  const { t } = useReviewsText();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-start text-sm">
        <caption className="sr-only">{t('adminTable.caption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                aria-label={t('adminTable.selectAll')}
                checked={selection.allSelected}
                ref={(box) => {
                  if (box) box.indeterminate = selection.someSelected;
                }}
                onChange={(event) => selection.toggleAll(event.target.checked)}
                className="h-4 w-4 rounded border-slate-400 accent-indigo-700"
              />
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('adminTable.review')}
            </th>
            <th scope="col" className="hidden w-[20%] px-3 py-2 font-semibold md:table-cell">
              {t('adminTable.tutor')}
            </th>
            <th scope="col" className="hidden w-[22%] px-3 py-2 font-semibold md:table-cell">
              {t('adminTable.author')}
            </th>
            <th scope="col" className="w-[5.5rem] px-3 py-2 text-end font-semibold">
              {t('adminTable.reports')}
            </th>
            <th scope="col" className="hidden w-[7.5rem] px-3 py-2 font-semibold xl:table-cell">
              {t('adminTable.date')}
            </th>
            <th scope="col" className="w-12 px-2 py-2">
              <span className="sr-only">{t('adminTable.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {reviews.map((review) => (
            <ReviewRow
              key={review.id}
              review={review}
              moderation={moderation}
              selection={selection}
              leaves={leaves}
              expanded={open.has(review.id)}
              onToggle={() => toggle(review.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReviewRow({
  review,
  moderation,
  selection,
  leaves,
  expanded,
  onToggle,
}: {
  review: AdminReview;
  moderation: ReviewModeration;
  selection: Selection;
  leaves: RowLeaves;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { t } = useReviewsText();
  const detailsId = useId();
  const title = reviewTitle(review.title);
  return (
    <>
      <tr className={`${selection.isSelected(review.id) ? 'bg-indigo-50' : 'hover:bg-slate-50'}`}>
        <td className="px-3 py-2">
          <input
            type="checkbox"
            aria-label={t('adminTable.selectOne', { title, name: review.author.name })}
            checked={selection.isSelected(review.id)}
            onChange={(event) => selection.toggle(review.id, event.target.checked)}
            className="h-4 w-4 rounded border-slate-400 accent-indigo-700"
          />
        </td>
        <th scope="row" className="px-3 py-2 font-normal">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <span className="shrink-0 text-xs font-semibold text-amber-800 tabular-nums" aria-hidden="true">
              {STAR}
              {review.rating}
            </span>
            <span className="sr-only">{t('adminTable.starsOutOf', { rating: review.rating })}</span>
            {review.waitingForModerator ? (
              <span className="shrink-0 rounded-full bg-sky-800 px-2 py-0.5 text-xs font-semibold text-white">
                {t('adminTable.waiting')}
              </span>
            ) : review.isHidden ? (
              <span className="shrink-0 rounded-full bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">
                {t('adminTable.hidden')}
              </span>
            ) : (
              review.flagged && (
                <span className="shrink-0 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">
                  {t('adminTable.flagged')}
                </span>
              )
            )}
            {review.response?.flagged && (
              <span className="shrink-0 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">
                {review.response.waitingForModerator
                  ? t('adminTable.responseWaiting')
                  : t('adminTable.responseFlagged')}
              </span>
            )}
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={detailsId}
              onClick={onToggle}
              title={title}
              className="min-w-0 truncate text-start font-medium text-slate-900 underline-offset-2 hover:underline"
            >
              {title}
            </button>
          </div>
        </th>
        <td className="hidden truncate px-3 py-2 md:table-cell" title={review.tutor.name}>
          <TextLink to={paths.admin.teacherFullProfile(review.tutor.id)}>{review.tutor.name}</TextLink>
        </td>
        <td className="hidden px-3 py-2 md:table-cell">
          <span className="block truncate text-slate-900" title={review.author.name}>
            {review.author.name}
          </span>
          <TruncatedEmail email={review.author.email} className="text-xs text-slate-700" />
        </td>
        <td className="px-3 py-2 text-end tabular-nums">
          {review.openReportCount > 0 ? (
            <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">
              {review.openReportCount}
            </span>
          ) : (
            <span className="text-slate-600">0</span>
          )}
        </td>
        <td className="hidden px-3 py-2 whitespace-nowrap text-slate-700 xl:table-cell">
          <ReviewDate value={review.createdAt} />
        </td>
        <td className="px-2 py-1 text-end">
          <RowMenu
            label={t('adminTable.actionsFor', { name: review.author.name })}
            items={reviewMenuItems(listed(review), moderation, leaves)}
          />
        </td>
      </tr>
      <tr id={detailsId} hidden={!expanded}>
        {expanded && (
          <td colSpan={7} className="bg-slate-50 px-4 py-3">
            <div className="space-y-3 text-sm text-slate-800">
              <p className="md:hidden">
                <Trans
                  t={t}
                  i18nKey="adminTable.byAuthor"
                  values={{ name: review.author.name, email: review.author.email }}
                  components={{
                    tutor: (
                      <TextLink to={paths.admin.teacherFullProfile(review.tutor.id)}>{review.tutor.name}</TextLink>
                    ),
                  }}
                />
              </p>
              {review.aiAssisted && <AiAssistedBadge />}
              {(review.flagged || review.waitingForModerator) && review.screeningFindings.length > 0 && (
                <ScreeningFindings
                  findings={review.screeningFindings}
                  text={{ title: review.title, body: review.body }}
                  heading={t('adminTable.screenFound')}
                  listLabel={t('adminTable.screenFoundList')}
                />
              )}
              {review.isHidden && review.hiddenReason && (
                <p className="break-words whitespace-pre-line">
                  {t('adminTable.hiddenReason', { reason: review.hiddenReason })}
                </p>
              )}
              <p className="break-words whitespace-pre-line">{review.body}</p>
              {review.response?.flagged && review.response.screeningFindings.length > 0 && (
                <ScreeningFindings
                  findings={review.response.screeningFindings}
                  text={{ body: review.response.body }}
                  heading={t('adminTable.screenFoundResponse')}
                  listLabel={t('adminTable.screenFoundResponseList')}
                />
              )}
              {review.response && (
                <ResponseFromTutorView
                  response={review.response}
                  actions={
                    <ResponseModerationActions
                      review={{ ...review, authorName: review.showName ? review.author.name : null }}
                    />
                  }
                />
              )}
              {review.openReportCount > 0 && (
                <div className="overflow-hidden rounded-md">
                  <OpenReports count={review.openReportCount} reports={review.reports} />
                </div>
              )}
            </div>
          </td>
        )}
      </tr>
    </>
  );
}

/** What the screen found, each finding named and its words quoted, as the writer was shown it. */
function ScreeningFindings({
  findings,
  text,
  heading,
  listLabel,
}: {
  findings: readonly ScreeningFinding[];
  text: ScreenedText;
  heading: string;
  listLabel: string;
}) {
  const { t } = useReviewsText();
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">{heading}</p>
      <ul aria-label={listLabel} className="mt-1 list-disc space-y-1 ps-5">
        {findings.map((finding) => (
          <li key={`${finding.field}-${finding.start}-${finding.category}-${finding.source}`} className="break-words">
            {describeScreeningFinding(finding)}
            {findingText(finding, text) && (
              <>
                : <mark className="rounded bg-amber-200 px-0.5 text-amber-950">{findingText(finding, text)}</mark>
              </>
            )}
            {finding.source === 'ai' && <span className="text-amber-900">{t('adminTable.aiSecondOpinion')}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why students reported the review, the latest first: what a moderator reads before anything else. */
function OpenReports({ count, reports }: { count: number; reports: ReviewReport[] }) {
  const { t } = useReviewsText();
  const notShown = count - reports.length;
  return (
    <div className="border-b border-amber-300 bg-amber-50 px-5 py-4 text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <FlagIcon className="h-5 w-5 shrink-0" />
        {t('adminTable.reportCount', { count })}
      </p>
      <ul aria-label={t('adminTable.reportsList')} className="mt-2 space-y-2 text-sm">
        {reports.map((report) => (
          <li key={report.id} className="break-words">
            <span className="font-semibold">{t(`reportReasons.${report.reason}`)}</span>
            {report.details && <span className="whitespace-pre-line">: {report.details}</span>}
            <span className="block text-amber-900">
              {report.reporterName ?? t('adminTable.deletedAccount')},{' '}
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
            </span>
          </li>
        ))}
      </ul>
      {notShown > 0 && (
        <p className="mt-2 text-sm text-amber-900">{t('adminTable.earlierReports', { count: notShown })}</p>
      )}
    </div>
  );
}
