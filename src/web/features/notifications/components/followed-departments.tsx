import { type FormEvent, useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { FOLLOWED_DEPARTMENTS_MAX, followedDepartmentsSchema } from '../../../../shared/notifications';
import { CheckboxField } from '../../../components/forms/field';
import { ListLoadError } from '../../../components/lists/list-status';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
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
        Departments you follow
      </h2>
      <p className="mt-1 text-slate-700">
        Get a notification whenever a new tutor is published in one of these departments.
      </p>
      <div className="mt-4">
        {failed ? (
          <ListLoadError
            message="Failed to load the data. Please try again later."
            onRetry={() => void failed.refetch()}
            retrying={failed.isFetching}
          />
        ) : !departments.data || !followed.data ? (
          <Spinner label="Loading departments..." />
        ) : options.length === 0 ? (
          <p className="text-slate-700">No department has public tutors yet. Once one has, you can follow it here.</p>
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
  const [selected, setSelected] = useState(() => new Set(initiallyFollowed));
  const [error, setError] = useState<string | null>(null);
  const updateFollowed = useUpdateFollowedDepartments();

  function toggle(name: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(name);
      else next.delete(name);
      return next;
    });
    setError(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateFollowed.isPending) return;
    // In the order shown, so the saved list reads the same as the form.
    const departments = options.map((option) => option.name).filter((name) => selected.has(name));
    const parsed = followedDepartmentsSchema.safeParse({ departments });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'These departments cannot be saved.');
      return;
    }
    setError(null);
    updateFollowed.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(
          departments.length === 0
            ? 'You no longer follow any department.'
            : `Saved. You follow ${departments.length} ${departments.length === 1 ? 'department' : 'departments'}.`,
        );
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <fieldset>
        <legend className="sr-only">Departments to follow</legend>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((option) => (
            <li key={option.name}>
              <CheckboxField
                label={option.name}
                hint={
                  option.tutorCount === null
                    ? 'No public tutors now'
                    : `${option.tutorCount} ${option.tutorCount === 1 ? 'tutor' : 'tutors'}`
                }
                name="departments"
                value={option.name}
                checked={selected.has(option.name)}
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
          {updateFollowed.isPending ? 'Saving...' : 'Save departments'}
        </Button>
        <p className="text-sm text-slate-600">
          {selected.size} of at most {FOLLOWED_DEPARTMENTS_MAX} selected.
        </p>
      </div>
    </form>
  );
}
