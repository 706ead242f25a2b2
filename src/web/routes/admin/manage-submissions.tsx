import { useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminTutor } from '../../../shared/tutors';
import { parsePage } from '../../components/ui/pagination';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useAdminTutors } from '../../features/tutors/api/get-admin-tutors';
import { TutorDecisionActions } from '../../features/tutors/components/tutor-decision-actions';
import { PagedList } from '../../components/lists/paged-list';
import { TutorPicture } from '../../components/tutors/tutor-picture';

const submittedDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const COURSES_SHOWN = 6;

/** /admin/managesubmissions: pending submissions, oldest first, each approved or rejected here. */
export function ManageSubmissionsRoute() {
  useDocumentTitle('Manage Submissions');
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const queue = useAdminTutors({ status: 'pending', sort: 'oldest', page });
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The decided item leaves the list with its buttons: focus goes back to the top of the queue.
  const focusQueue = () => headingRef.current?.focus();

  return (
    <div className="space-y-6">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
          Manage Submissions
        </h1>
        <p className="mt-1 text-slate-700">
          Tutors submitted by students, oldest first. Approve makes a tutor public; Reject tells the submitter why.
        </p>
      </div>

      <PagedList
        query={queue}
        page={page}
        label="Submissions"
        errorMessage="Failed to load the data. Please try again later."
        emptyMessage="No Record Found"
        noun={['submission', 'submissions']}
        pagesLabel="Submission pages"
        onNavigate={focusQueue}
      >
        {(items) => (
          <ul className="space-y-4">
            {items.map((tutor) => (
              <li key={tutor.id}>
                <SubmissionItem tutor={tutor} onDecided={focusQueue} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

function SubmissionItem({ tutor, onDecided }: { tutor: AdminTutor; onDecided: () => void }) {
  const nameId = useId();
  const moreCourses = tutor.courses.length - COURSES_SHOWN;
  return (
    <article aria-labelledby={nameId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex gap-4">
        <TutorPicture image={tutor.image} name={tutor.name} size="md" />
        <div className="min-w-0 flex-1 space-y-2">
          <div>
            <h2 id={nameId} className="break-words text-lg font-semibold text-slate-900">
              {tutor.name}
            </h2>
            <p className="break-words text-sm font-medium text-slate-700">{tutor.department}</p>
          </div>
          {tutor.courses.length > 0 && (
            <ul aria-label="Courses" className="flex flex-wrap gap-1.5">
              {tutor.courses.slice(0, COURSES_SHOWN).map((course, index) => (
                <li
                  key={`${index}-${course}`}
                  className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800"
                >
                  {course}
                </li>
              ))}
              {moreCourses > 0 && <li className="px-1 py-0.5 text-xs text-slate-600">and {moreCourses} more</li>}
            </ul>
          )}
          <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-slate-800">
            {tutor.biographyExcerpt}
          </p>
          <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-slate-800">Submitted by</dt>
            {/* Long email addresses wrap anywhere rather than widening the page on phones. */}
            <dd className="min-w-0 wrap-anywhere">
              {tutor.submittedBy ? (
                <>
                  {tutor.submittedBy.name} (
                  <a
                    href={`mailto:${tutor.submittedBy.email}`}
                    className="text-indigo-800 underline underline-offset-2"
                  >
                    {tutor.submittedBy.email}
                  </a>
                  )
                </>
              ) : (
                'A deleted account'
              )}
            </dd>
            <dt className="font-medium text-slate-800">Submitted</dt>
            <dd>
              <time dateTime={tutor.createdAt}>{submittedDate.format(new Date(tutor.createdAt))}</time>
            </dd>
          </dl>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <TextLink to={paths.admin.teacherFullProfile(tutor.id)}>
          Show Full Profile<span className="sr-only"> of {tutor.name}</span>
        </TextLink>
        <TutorDecisionActions tutor={tutor} onDecided={onDecided} />
      </div>
    </article>
  );
}

export { ManageSubmissionsRoute as Component };
