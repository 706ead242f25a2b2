import { useCallback } from 'react';
import { LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useAdminTutors } from '../../features/tutors/api/get-admin-tutors';
import { ListFilterSelect } from '../../components/lists/list-filter-select';
import { ListSearchBox } from '../../components/lists/list-search-box';
import { TutorCard } from '../../features/tutors/components/tutor-card';
import { TutorGrid } from '../../features/tutors/components/tutor-grid';
import { TutorStatusBadge } from '../../features/tutors/components/tutor-status-badge';
import { TutorVisibilityBadge } from '../../components/tutors/tutor-visibility-badge';
import { optionFromParam, useListParams } from '../../hooks/use-list-params';
import { SEARCH_QUERY_MAX_LENGTH, type AdminTutorSort, type TutorStatus } from '../../../shared/tutors-constants';
import { pageFromParam } from '../../../shared/query-string';

const statusOptions: ReadonlyArray<{ value: TutorStatus | ''; label: string }> = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];
const visibilityOptions: ReadonlyArray<{ value: 'public' | 'private' | ''; label: string }> = [
  { value: '', label: 'All profiles' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
];
const sortOptions: ReadonlyArray<{ value: AdminTutorSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'reviews', label: 'Most reviewed' },
  { value: 'name', label: 'Name A–Z' },
];
const DEFAULT_SORT: AdminTutorSort = 'newest';

export function TeacherProfileManagementRoute() {
  useDocumentTitle('Teacher Profile Management');
  const { searchParams, update } = useListParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const status = optionFromParam(statusOptions, searchParams.get('status'));
  const visibility = optionFromParam(visibilityOptions, searchParams.get('visibility'));
  const sort = optionFromParam(sortOptions, searchParams.get('sort')) ?? DEFAULT_SORT;
  const page = pageFromParam(searchParams.get('page'));

  const tutors = useAdminTutors({ q: q || undefined, status, visibility, sort, page });
  const search = useCallback((query: string) => update({ q: query }), [update]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Teacher Profile Management</h1>
          <p className="mt-1 text-slate-700">Every tutor, public or private, whatever its status.</p>
        </div>
        <LinkButton to={paths.admin.teacherForm}>Add New Teacher</LinkButton>
      </div>

      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:flex xl:items-end">
        <div className="sm:col-span-2 xl:flex-1">
          <ListSearchBox
            label="Search teachers"
            value={q}
            onSearch={search}
            placeholder="Name, department or course"
            maxLength={SEARCH_QUERY_MAX_LENGTH}
          />
        </div>
        <ListFilterSelect
          label="Status"
          value={status ?? ''}
          options={statusOptions}
          onChange={(value) => update({ status: value })}
          className="xl:w-40"
        />
        <ListFilterSelect
          label="Visibility"
          value={visibility ?? ''}
          options={visibilityOptions}
          onChange={(value) => update({ visibility: value })}
          className="xl:w-44"
        />
        <ListFilterSelect
          label="Sort by"
          value={sort}
          options={sortOptions}
          onChange={(value) => update({ sort: value === DEFAULT_SORT ? null : value })}
          className="sm:col-span-2 xl:w-44"
        />
      </div>

      <TutorGrid
        query={tutors}
        page={page}
        errorMessage="Failed To Fetch Tutors Record"
        emptyMessage="No Record Found"
        emptyActions={
          Boolean(q || status || visibility) && (
            <LinkButton to={paths.admin.teacherProfileManagement} variant="secondary">
              Show all teachers
            </LinkButton>
          )
        }
        skeleton={{ actions: 1, badges: true }}
        pagesLabel="Teacher pages"
        renderCard={(tutor) => (
          <TutorCard
            tutor={tutor}
            badges={
              <>
                <TutorVisibilityBadge isPublic={tutor.isPublic} />
                {tutor.status !== 'approved' && <TutorStatusBadge status={tutor.status} />}
              </>
            }
          >
            <LinkButton to={paths.admin.teacherFullProfile(tutor.id)}>Show Full Profile</LinkButton>
          </TutorCard>
        )}
      />
    </div>
  );
}

export { TeacherProfileManagementRoute as Component };
