import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's search, filters and page, held in the URL so a search can be bookmarked, shared and
 * revisited with the back button. Changing what is listed starts again from page 1.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          next.delete('page');
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { searchParams, update };
}

/** A URL value, if it is one of a filter's options; anything else (or the '' "all" option) means none. */
export function optionFromParam<T extends string>(
  options: ReadonlyArray<{ value: T | '' }>,
  value: string | null,
): T | undefined {
  return options.find((option) => option.value !== '' && option.value === value)?.value || undefined;
}
