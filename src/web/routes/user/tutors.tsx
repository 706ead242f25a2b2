import { useCallback } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { prefetchSignedInPageData } from '../../app/page-data';
import { LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { departmentsQueryOptions, useDepartments } from '../../lib/departments';
import { tutorsQueryOptions, useTutors } from '../../features/tutors/api/get-tutors';
import { ListFilterSelect } from '../../components/lists/list-filter-select';
import { ListSearchBox } from '../../components/lists/list-search-box';
import { RateTutorLink } from '../../features/tutors/components/rate-tutor-link';
import { cardActionClass, TutorCard } from '../../features/tutors/components/tutor-card';
import { TutorGrid } from '../../features/tutors/components/tutor-grid';
import { useListParams } from '../../hooks/use-list-params';
import { useRememberListSearch } from '../../hooks/use-remembered-list';
import { RANKING_PRIOR_WEIGHT, SEARCH_QUERY_MAX_LENGTH, type TutorSort } from '../../../shared/tutors-constants';
import { DEFAULT_TUTOR_SORT, tutorListQuery } from '../../../shared/page-data';

const sortOptions: ReadonlyArray<{ value: TutorSort; label: string }> = [
  { value: 'rating', label: 'Highest rated' },
  { value: 'reviews', label: 'Most reviewed' },
  { value: 'name', label: 'Name A–Z' },
];

export function loader({ request }: LoaderFunctionArgs) {
  const query = tutorListQuery(new URL(request.url).searchParams);
  return prefetchSignedInPageData((client) => [
    client.prefetchQuery(tutorsQueryOptions(query)),
    client.prefetchQuery(departmentsQueryOptions()),
  ]);
}

export function TutorsRoute() {
  useDocumentTitle('Tutors');
  const { searchParams, update } = useListParams();
  // A profile opened from here leads back to these same results.
  useRememberListSearch(paths.user.tutors, searchParams.toString());
  const query = tutorListQuery(searchParams);
  const { sort, page } = query;
  const q = query.q ?? '';
  const department = query.department ?? '';

  const tutors = useTutors(query);
  const departments = useDepartments();
  const search = useCallback((query: string) => update({ q: query }), [update]);

  const departmentOptions = [
    { value: '', label: 'All departments' },
    ...(departments.data?.items ?? []).map((item) => ({ value: item.name, label: item.name })),
  ];
  // A bookmarked department that no longer has public tutors still shows as chosen.
  if (department && !departmentOptions.some((option) => option.value === department)) {
    departmentOptions.push({ value: department, label: department });
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Tutors</h1>
        <p className="mt-1 text-slate-700">
          Find a tutor by name, department or course, read their reviews and rate them.
        </p>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-end">
        <ListSearchBox
          label="Search tutors"
          value={q}
          onSearch={search}
          placeholder="Name, department or course"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
        />
        <ListFilterSelect
          label="Department"
          value={department}
          options={departmentOptions}
          onChange={(value) => update({ department: value })}
          className="md:w-56"
        />
        <ListFilterSelect
          label="Sort by"
          value={sort}
          options={sortOptions}
          onChange={(value) => update({ sort: value === DEFAULT_TUTOR_SORT ? null : value })}
          className="md:w-48"
        />
      </div>
      {sort === 'rating' && (
        <p className="-mt-3 text-sm text-slate-600">
          Highest rated counts every tutor&apos;s reviews as if {RANKING_PRIOR_WEIGHT} more at the average of all
          reviews were added, so a few glowing reviews do not outrank many good ones. Cards show each tutor&apos;s own
          average.
        </p>
      )}

      <TutorGrid
        query={tutors}
        page={page}
        errorMessage="Failed to load tutors"
        emptyMessage="No Record Found"
        emptyActions={
          Boolean(q || department) && (
            <LinkButton to={paths.user.tutors} variant="secondary">
              Show all tutors
            </LinkButton>
          )
        }
        pagesLabel="Tutors pages"
        skeleton={{ actions: 2, badges: false, courses: true }}
        renderCard={(tutor) => (
          // The whole card opens the profile; rating is its one other action. On a phone the
          // card is a row and its name is the way in; from 640 px the button says it too.
          <TutorCard tutor={tutor} to={paths.user.tutorProfile(tutor.id)}>
            <span className="relative z-10 hidden flex-col sm:flex">
              <LinkButton to={paths.user.tutorProfile(tutor.id)}>View Tutor Profile</LinkButton>
            </span>
            <span className={cardActionClass}>
              <RateTutorLink tutorId={tutor.id} variant="secondary" />
            </span>
          </TutorCard>
        )}
      />
    </div>
  );
}

export { TutorsRoute as Component };
