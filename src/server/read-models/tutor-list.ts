import { tutorListSchema, type TutorListQuery } from '../../shared/tutors';
import { toJsonBytes } from '../lib/json-bytes';
import { searchWords } from '../lib/search-text';
import { listPublicTutors } from '../services/tutors/queries';
import { weighJson, type ReadContext } from './read-context';

/**
 * A page of the public tutor list, the same for every reader. Kept until a change of a tutor
 * its filter matches (the only tutors that can enter, leave or move within its results).
 */
export async function tutorListAnswer(reads: ReadContext, query: TutorListQuery): Promise<Buffer> {
  const words = searchWords(query.q);
  const department = query.department ?? null;
  // Queries that search for the same words share an answer ('Smi', ' smi ').
  const key = `tutors:${JSON.stringify([query.sort, query.page, query.pageSize, department, words.join(' ')])}`;
  return reads.cache.get(key, async () => toJsonBytes(tutorListSchema, await listPublicTutors(reads.db, query)), {
    dependsOn: () => [{ on: 'tutor-list', words, department }],
    weigh: weighJson,
  });
}
