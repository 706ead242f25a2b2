import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { SimilarTutors, SimilarTutorsQuery } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { tutorKeys } from './query-keys';

/** Names shorter than this match too much to be a useful hint. */
export const SIMILAR_NAME_MIN_LENGTH = 3;

export const getSimilarTutors = (query: SimilarTutorsQuery) =>
  api.get<SimilarTutors>(withQuery(apiPaths.similarTutors, { ...query }));

export const similarTutorsQueryOptions = (query: SimilarTutorsQuery) =>
  queryOptions({
    queryKey: tutorKeys.similar(query),
    queryFn: () => getSimilarTutors(query),
    staleTime: 60_000,
  });

/** Possible duplicates of the tutor being typed; idle until the name is long enough. */
export function useSimilarTutors(query: SimilarTutorsQuery) {
  const normalized: SimilarTutorsQuery = {
    name: query.name.trim(),
    department: query.department?.trim() || undefined,
    excludeId: query.excludeId,
  };
  return useQuery({
    ...similarTutorsQueryOptions(normalized),
    enabled: normalized.name.length >= SIMILAR_NAME_MIN_LENGTH,
    // Keeps the last hint on screen while the next keystrokes are looked up, so it does not flicker.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
