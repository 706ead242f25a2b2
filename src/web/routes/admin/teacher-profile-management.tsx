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
import { useAdminText } from '../../i18n/namespaces/admin';
import { useTutorsText } from '../../i18n/namespaces/tutors';

// The filters' values; their labels are in the page's language (below).
const statusOptions: ReadonlyArray<{ value: TutorStatus | '' }> = [
  { value: '' },
  { value: 'pending' },
  { value: 'approved' },
  { value: 'rejected' },
];
const visibilityOptions: ReadonlyArray<{ value: 'public' | 'private' | '' }> = [
  { value: '' },
  { value: 'public' },
  { value: 'private' },
];
const sortOptions: ReadonlyArray<{ value: AdminTutorSort }> = [
  { value: 'newest' },
  { value: 'oldest' },
  { value: 'rating' },
  { value: 'reviews' },
  { value: 'name' },
];
const DEFAULT_SORT: AdminTutorSort = 'newest';

export function TeacherProfileManagementRoute() {
  const { t } = useAdminText();
  const tutorsText = useTutorsText();
  useDocumentTitle(t('teacherProfiles.title'));
  const { searchParams, update } = useListParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const status = optionFromParam(statusOptions, searchParams.get('status'));
  const visibility = optionFromParam(visibilityOptions, searchParams.get('visibility'));
  const sort = optionFromParam(sortOptions, searchParams.get('sort')) ?? DEFAULT_SORT;
  const page = pageFromParam(searchParams.get('page'));

  const tutors = useAdminTutors({ q: q || undefined, status, visibility, sort, page });
  const search = useCallback((query: string) => update({ q: query }), [update]);

  const statusLabels = {
    '': t('teacherProfiles.allStatuses'),
    pending: tutorsText.t('status.pending'),
    approved: tutorsText.t('status.approved'),
    rejected: tutorsText.t('status.rejected'),
  };
  const visibilityLabels = {
    '': t('teacherProfiles.allProfiles'),
    public: t('teacherProfiles.public'),
    private: t('teacherProfiles.private'),
  };
  const sortLabels = {
    newest: t('teacherProfiles.sort.newest'),
    oldest: t('teacherProfiles.sort.oldest'),
    rating: tutorsText.t('list.sort.rating'),
    reviews: tutorsText.t('list.sort.reviews'),
    name: tutorsText.t('list.sort.name'),
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('teacherProfiles.title')}</h1>
          <p className="mt-1 text-slate-700">{t('teacherProfiles.intro')}</p>
        </div>
        <LinkButton to={paths.admin.teacherForm}>{t('teacherProfiles.addNew')}</LinkButton>
      </div>

      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:flex xl:items-end">
        <div className="sm:col-span-2 xl:flex-1">
          <ListSearchBox
            label={t('teacherProfiles.searchLabel')}
            value={q}
            onSearch={search}
            placeholder={tutorsText.t('list.searchPlaceholder')}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
          />
        </div>
        <ListFilterSelect
          label={t('teacherProfiles.status')}
          value={status ?? ''}
          options={statusOptions.map(({ value }) => ({ value, label: statusLabels[value] }))}
          onChange={(value) => update({ status: value })}
          className="xl:w-40"
        />
        <ListFilterSelect
          label={t('teacherProfiles.visibility')}
          value={visibility ?? ''}
          options={visibilityOptions.map(({ value }) => ({ value, label: visibilityLabels[value] }))}
          onChange={(value) => update({ visibility: value })}
          className="xl:w-44"
        />
        <ListFilterSelect
          label={tutorsText.t('list.sortBy')}
          value={sort}
          options={sortOptions.map(({ value }) => ({ value, label: sortLabels[value] }))}
          onChange={(value) => update({ sort: value === DEFAULT_SORT ? null : value })}
          className="sm:col-span-2 xl:w-44"
        />
      </div>

      <TutorGrid
        query={tutors}
        page={page}
        errorMessage={t('teacherProfiles.loadError')}
        emptyMessage={tutorsText.t('list.empty')}
        emptyActions={
          Boolean(q || status || visibility) && (
            <LinkButton to={paths.admin.teacherProfileManagement} variant="secondary">
              {t('teacherProfiles.showAll')}
            </LinkButton>
          )
        }
        skeleton={{ actions: 1, badges: true }}
        pagesLabel={t('teacherProfiles.pages')}
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
            <LinkButton to={paths.admin.teacherFullProfile(tutor.id)}>
              {t('teacherProfiles.showFullProfile')}
            </LinkButton>
          </TutorCard>
        )}
      />
    </div>
  );
}

export { TeacherProfileManagementRoute as Component };
