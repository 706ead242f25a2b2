import { useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BIOGRAPHY_CUT_MARK } from '../../../shared/tutors-constants';
import type { AdminTutor } from '../../../shared/tutors';
import { TruncatedEmail } from '../../components/tables/truncated-text';
import { type Selection, useSelection } from '../../components/tables/use-selection';
import { Button } from '../../components/ui/button';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useAdminTutors } from '../../features/tutors/api/get-admin-tutors';
import { TutorDecisionActions } from '../../features/tutors/components/tutor-decision-actions';
import { useBulkApprove } from '../../features/tutors/components/use-bulk-approve';
import { PagedList } from '../../components/lists/paged-list';
import { pageFromParam } from '../../../shared/query-string';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useAdminText } from '../../i18n/namespaces/admin';
import { useTutorsText } from '../../i18n/namespaces/tutors';

/** /admin/managesubmissions: pending submissions, oldest first, one line each, approved or rejected here. */
export function ManageSubmissionsRoute() {
  const { t } = useAdminText();
  const tutorsText = useTutorsText();
  useDocumentTitle(t('manageSubmissions.title'));
  const [searchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const queue = useAdminTutors({ status: 'pending', sort: 'oldest', page });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = queue.data?.items;
  const visibleIds = useMemo(() => (items ?? []).map((tutor) => tutor.id), [items]);
  const selection = useSelection(visibleIds);
  const bulk = useBulkApprove();

  // The decided item leaves the list with its buttons: focus goes back to the top of the queue.
  const focusQueue = () => headingRef.current?.focus();

  return (
    <div className="space-y-5">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          {t('manageSubmissions.title')}
        </h1>
        <p className="mt-1 text-slate-700">{t('manageSubmissions.intro')}</p>
      </div>

      {selection.selected.length > 0 && (
        <div
          role="region"
          aria-label={t('bulk.label')}
          className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm"
        >
          <span className="font-medium text-indigo-950">
            {t('bulk.selected', { count: selection.selected.length })}
          </span>
          <Button
            className="min-h-9 px-3 py-1"
            disabled={bulk.busy}
            aria-busy={bulk.busy || undefined}
            onClick={() =>
              void bulk.approveAll(selection.selected, () => {
                selection.clear();
                focusQueue();
              })
            }
          >
            {bulk.busy ? tutorsText.t('actions.approving') : t('manageSubmissions.approveSelected')}
          </Button>
          <Button variant="ghost" className="min-h-9 px-3 py-1" onClick={selection.clear}>
            {t('bulk.clearSelection')}
          </Button>
        </div>
      )}

      <PagedList
        query={queue}
        page={page}
        label={t('manageSubmissions.listLabel')}
        errorMessage={tutorsText.t('loadError')}
        emptyMessage={t('manageSubmissions.empty')}
        noun={(count) => t('manageSubmissions.noun', { count })}
        pagesLabel={t('manageSubmissions.pages')}
        onNavigate={focusQueue}
      >
        {(tutors) => <SubmissionsTable tutors={tutors} selection={selection} onDecided={focusQueue} />}
      </PagedList>
    </div>
  );
}

function SubmissionsTable({
  tutors,
  selection,
  onDecided,
}: {
  tutors: AdminTutor[];
  selection: Selection;
  onDecided: () => void;
}) {
  const { t } = useAdminText();
  const tutorsText = useTutorsText();
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed text-start text-sm">
        <caption className="sr-only">{t('manageSubmissions.listLabel')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                aria-label={t('manageSubmissions.selectAll')}
                checked={selection.allSelected}
                ref={(box) => {
                  if (box) box.indeterminate = selection.someSelected;
                }}
                onChange={(event) => selection.toggleAll(event.target.checked)}
                className="h-4 w-4 rounded border-slate-400 accent-indigo-700"
              />
            </th>
            <th scope="col" className="w-[28%] px-3 py-2 font-semibold">
              {t('manageSubmissions.tutor')}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold md:table-cell">
              {tutorsText.t('profile.biography')}
            </th>
            <th scope="col" className="hidden w-[20%] px-3 py-2 font-semibold lg:table-cell">
              {t('manageSubmissions.submittedBy')}
            </th>
            <th scope="col" className="hidden w-[7.5rem] px-3 py-2 font-semibold xl:table-cell">
              {t('manageSubmissions.submitted')}
            </th>
            <th scope="col" className="w-[9.5rem] px-2 py-2">
              <span className="sr-only">{t('manageSubmissions.decision')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tutors.map((tutor) => (
            <SubmissionRow key={tutor.id} tutor={tutor} selection={selection} onDecided={onDecided} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SubmissionRow({
  tutor,
  selection,
  onDecided,
}: {
  tutor: AdminTutor;
  selection: Selection;
  onDecided: () => void;
}) {
  const { t } = useAdminText();
  const [reading, setReading] = useState(false);
  const biographyId = useId();
  const cut = tutor.biographyExcerpt.endsWith(BIOGRAPHY_CUT_MARK);
  // A short biography fits its line: nothing more to read.
  const longer = cut || tutor.biographyExcerpt.length > 60 || tutor.biographyExcerpt.includes('\n');
  return (
    <tr className={`align-top ${selection.isSelected(tutor.id) ? 'bg-indigo-50' : 'hover:bg-slate-50'}`}>
      <td className="px-3 py-2.5">
        <input
          type="checkbox"
          aria-label={t('manageSubmissions.selectOne', { name: tutor.name })}
          checked={selection.isSelected(tutor.id)}
          onChange={(event) => selection.toggle(tutor.id, event.target.checked)}
          className="h-4 w-4 rounded border-slate-400 accent-indigo-700"
        />
      </td>
      <th scope="row" className="px-3 py-2 font-normal">
        <TextLink
          to={paths.admin.teacherFullProfile(tutor.id)}
          className="block truncate font-semibold"
          title={tutor.name}
        >
          {tutor.name}
        </TextLink>
        <span className="block truncate text-xs text-slate-700" title={tutor.department}>
          {tutor.department}
          {tutor.courses.length > 0 && t('manageSubmissions.courses', { count: tutor.courses.length })}
        </span>
      </th>
      <td className="hidden px-3 py-2 text-slate-800 md:table-cell">
        {/* One line until "Read more"; then the whole biography, or its start to a word's end and the full profile. */}
        <p id={biographyId} className={reading ? 'break-words whitespace-pre-line' : 'truncate'}>
          {tutor.biographyExcerpt}
        </p>
        {longer && (
          <span className="text-xs">
            <button
              type="button"
              aria-expanded={reading}
              aria-controls={biographyId}
              onClick={() => setReading((open) => !open)}
              className="font-medium text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
            >
              {reading ? t('manageSubmissions.showLess') : t('manageSubmissions.readMore')}
              <span className="sr-only">{t('manageSubmissions.ofBiography', { name: tutor.name })}</span>
            </button>
            {reading && cut && (
              <>
                {' · '}
                <TextLink to={paths.admin.teacherFullProfile(tutor.id)}>
                  {t('teacherProfiles.showFullProfile')}
                  <span className="sr-only">{t('manageSubmissions.ofName', { name: tutor.name })}</span>
                </TextLink>
              </>
            )}
          </span>
        )}
      </td>
      <td className="hidden px-3 py-2 lg:table-cell">
        {tutor.submittedBy ? (
          <>
            <span className="block truncate text-slate-900" title={tutor.submittedBy.name}>
              {tutor.submittedBy.name}
            </span>
            <TruncatedEmail email={tutor.submittedBy.email} className="text-xs text-slate-700" />
          </>
        ) : (
          <span className="text-slate-700">{t('deletedAccount')}</span>
        )}
      </td>
      <td className="hidden px-3 py-2.5 whitespace-nowrap text-slate-700 xl:table-cell">
        <time dateTime={tutor.createdAt} title={formatDateTime(tutor.createdAt)}>
          {formatDate(tutor.createdAt)}
        </time>
      </td>
      <td className="px-2 py-1.5">
        <TutorDecisionActions tutor={tutor} onDecided={onDecided} compact />
      </td>
    </tr>
  );
}

export { ManageSubmissionsRoute as Component };
