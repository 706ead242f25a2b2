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
import { useTutorsText } from '../../i18n/namespaces/tutors';
import { formatNumber } from '../../i18n/format';
import { useRememberListSearch } from '../../hooks/use-remembered-list';
import { RANKING_PRIOR_WEIGHT, SEARCH_QUERY_MAX_LENGTH, type TutorSort } from '../../../shared/tutors-constants';
import { DEFAULT_TUTOR_SORT, tutorListQuery } from '../../../shared/page-data';

const sorts: readonly TutorSort[] = ['rating', 'reviews', 'name'];

export function loader({ request }: LoaderFunctionArgs) {
  const query = tutorListQuery(new URL(request.url).searchParams);
  return prefetchSignedInPageData((client) => [
    client.prefetchQuery(tutorsQueryOptions(query)),
    client.prefetchQuery(departmentsQueryOptions()),
  ]);
}

export function TutorsRoute() {
  const { t } = useTutorsText();
  useDocumentTitle(t('list.title'));
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
    { value: '', label: t('list.allDepartments') },
    ...(departments.data?.items ?? []).map((item) => ({ value: item.name, label: item.name })),
  ];
  const sortOptions = sorts.map((value) => ({ value, label: t(`list.sort.${value}`) }));
  // A bookmarked department that no longer has public tutors still shows as chosen.
  if (department && !departmentOptions.some((option) => option.value === department)) {
    departmentOptions.push({ value: department, label: department });
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t('list.title')}</h1>
        <p className="mt-1 text-slate-700">{t('list.intro')}</p>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-end">
        <ListSearchBox
          label={t('list.searchLabel')}
          value={q}
          onSearch={search}
          placeholder={t('list.searchPlaceholder')}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
        />
        <ListFilterSelect
          label={t('list.department')}
          value={department}
          options={departmentOptions}
          onChange={(value) => update({ department: value })}
          className="md:w-56"
        />
        <ListFilterSelect
          label={t('list.sortBy')}
          value={sort}
          options={sortOptions}
          onChange={(value) => update({ sort: value === DEFAULT_TUTOR_SORT ? null : value })}
          className="md:w-48"
        />
      </div>
      {sort === 'rating' && (
        <p className="-mt-3 text-sm text-slate-600">
          {t('list.rankingNote', { count: RANKING_PRIOR_WEIGHT, weight: formatNumber(RANKING_PRIOR_WEIGHT) })}
        </p>
      )}

      <TutorGrid
        query={tutors}
        page={page}
        errorMessage={t('list.loadError')}
        emptyMessage={t('list.empty')}
        emptyActions={
          Boolean(q || department) && (
            <LinkButton to={paths.user.tutors} variant="secondary">
              {t('list.showAll')}
            </LinkButton>
          )
        }
        pagesLabel={t('list.pagesLabel')}
        skeleton={{ actions: 2, badges: false, courses: true }}
        renderCard={(tutor) => (
          // The whole card opens the profile; rating is its one other action. On a phone the
          // card is a row and its name is the way in; from 640 px the button says it too.
          <TutorCard tutor={tutor} to={paths.user.tutorProfile(tutor.id)}>
            <span className="relative z-10 hidden flex-col sm:flex">
              <LinkButton to={paths.user.tutorProfile(tutor.id)}>{t('viewProfile')}</LinkButton>
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
