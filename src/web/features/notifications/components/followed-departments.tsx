import { useId, useMemo } from 'react';
import { useController } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { FOLLOWED_DEPARTMENTS_MAX, followedDepartmentsSchema } from '../../../../shared/notifications';
import { CheckboxField } from '../../../components/forms/field';
import { FormErrorAlert } from '../../../components/forms/form-fields';
import { FORM_ERROR, useAppForm } from '../../../components/forms/use-app-form';
import { ListLoadError } from '../../../components/lists/list-status';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber } from '../../../i18n/format';
import { useNotificationsText } from '../../../i18n/namespaces/notifications';
import { useDepartments } from '../../../lib/departments';
import { useFollowedDepartments } from '../api/get-followed-departments';
import { useUpdateFollowedDepartments } from '../api/update-followed-departments';

interface DepartmentOption {
  name: string;
  /** Unknown for a followed department that no longer has public tutors. */
  tutorCount: number | null;
}

const byName = (first: DepartmentOption, second: DepartmentOption) =>
  first.name.localeCompare(second.name, undefined, { sensitivity: 'base' });

/** 'Departments you follow': a notification arrives whenever a tutor is published in one of them. */
export function FollowedDepartments() {
  const { t } = useNotificationsText();
  const headingId = useId();
  const departments = useDepartments();
  const followed = useFollowedDepartments();

  const options = useMemo<DepartmentOption[]>(() => {
    const listed: DepartmentOption[] = (departments.data?.items ?? []).map((item) => ({
      name: item.name,
      tutorCount: item.tutorCount,
    }));
    // A followed department whose tutors are all gone stays on the list, so it can be unfollowed.
    const listedNames = new Set(listed.map((option) => option.name));
    const unlisted = (followed.data?.departments ?? [])
      .filter((name) => !listedNames.has(name))
      .map((name) => ({ name, tutorCount: null }));
    return [...listed, ...unlisted].sort(byName);
  }, [departments.data, followed.data]);

  const failed = departments.isError ? departments : followed.isError ? followed : null;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('departments.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('departments.explanation')}</p>
      <div className="mt-4">
        {failed ? (
          <ListLoadError message={t('loadFailed')} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
        ) : !departments.data || !followed.data ? (
          <Spinner label={t('departments.loading')} />
        ) : options.length === 0 ? (
          <p className="text-slate-700">{t('departments.none')}</p>
        ) : (
          // Mounted once: later refetches (a window regaining focus) must not undo boxes being ticked.
          <FollowedDepartmentsForm options={options} initiallyFollowed={followed.data.departments} />
        )}
      </div>
    </section>
  );
}

function FollowedDepartmentsForm({
  options,
  initiallyFollowed,
}: {
  options: DepartmentOption[];
  initiallyFollowed: string[];
}) {
  const { t } = useNotificationsText();
  const updateFollowed = useUpdateFollowedDepartments();
  const form = useAppForm({
    // In the order shown, so the saved list reads the same as the form; then the API's own schema.
    schema: z
      .object({ departments: z.array(z.string()) })
      .transform(({ departments }) => ({
        departments: options.map((option) => option.name).filter((name) => departments.includes(name)),
      }))
      .pipe(followedDepartmentsSchema),
    defaultValues: { departments: initiallyFollowed },
    // One list of boxes: its message, and the server's, go in the box above it.
    summary: true,
  });
  const {
    field: { value: selected, onChange: setSelected },
  } = useController({ control: form.control, name: 'departments' });

  function toggle(name: string, checked: boolean) {
    setSelected(checked ? [...selected, name] : selected.filter((other) => other !== name));
    form.clearErrors(FORM_ERROR);
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ departments }) => {
        if (updateFollowed.isPending) return;
        updateFollowed.mutate(
          { departments },
          {
            onSuccess: () => {
              toast.success(
                departments.length === 0
                  ? t('departments.savedNone')
                  : t('departments.saved', { count: departments.length }),
              );
            },
            onError: form.showServerError,
          },
        );
      })}
    >
      <FormErrorAlert control={form.control} />
      <fieldset>
        <legend className="sr-only">{t('departments.legend')}</legend>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((option) => (
            <li key={option.name}>
              <CheckboxField
                label={option.name}
                hint={
                  option.tutorCount === null
                    ? t('departments.noTutorsNow')
                    : t('departments.tutorCount', { count: option.tutorCount })
                }
                name="departments"
                value={option.name}
                checked={selected.includes(option.name)}
                onChange={(event) => toggle(option.name, event.target.checked)}
                className="break-words"
              />
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* Not disabled while saving, which would drop the keyboard focus. */}
        <Button type="submit" aria-disabled={updateFollowed.isPending || undefined}>
          {updateFollowed.isPending ? t('departments.saving') : t('departments.save')}
        </Button>
        <p className="text-sm text-slate-600">
          {t('departments.selected', {
            count: selected.length,
            max: formatNumber(FOLLOWED_DEPARTMENTS_MAX),
          })}
        </p>
      </div>
    </form>
  );
}
