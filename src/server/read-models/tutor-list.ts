import { tutorListSchema, type TutorListQuery } from '../../shared/tutors';
import { toJsonBytes } from '../lib/json-bytes';
import { searchWords } from '../lib/search-text';
import { countPublicTutors, publicTutorPage } from '../services/tutors/queries';
import { weighJson, type ReadContext } from './read-context';

/**
 * A page of the public tutor list, the same for every reader. Kept until a change of a tutor
 * its filter matches (the only tutors that can enter, leave or move within its results); a
 * tutor's record change (its courses, which the cards show, included) names its search text
 * before and after, so a page showing the tutor goes whichever courses it had. The
 * total is kept apart: it changes only when a tutor enters or leaves the results, not when a
 * review moves an average, so a page read again after a review costs one indexed read.
 */
export async function tutorListAnswer(reads: ReadContext, query: TutorListQuery): Promise<Buffer> {
  const words = searchWords(query.q);
  const department = query.department ?? null;
  // Queries that search for the same words share an answer ('Smi', ' smi ').
  const filter = JSON.stringify([department, words.join(' ')]);
  return reads.cache.get(
    `tutors:${filter}:${JSON.stringify([query.sort, query.page, query.pageSize])}`,
    async () => {
      const [items, total] = await Promise.all([
        publicTutorPage(reads.db, query),
        reads.cache.get(`tutors-total:${filter}`, () => countPublicTutors(reads.db, query), {
          dependsOn: () => [{ on: 'tutor-list-total', words, department }],
          weigh: () => 100,
        }),
      ]);
      return toJsonBytes(tutorListSchema, { items, total, page: query.page, pageSize: query.pageSize });
    },
    { dependsOn: () => [{ on: 'tutor-list', words, department }], weigh: weighJson },
  );
}
