import { tutorListSchema, type TutorListQuery } from '../../shared/tutors';
import { toJsonBytes } from '../lib/json-bytes';
import { searchWords } from '../lib/search-text';
import { countPublicTutors, publicTutorPage } from '../services/tutors/queries';
import { weighJson, type ReadContext } from './read-context';

/**
 * A page of the public tutor list, the same for every reader. Kept until a change of a tutor
 * its filter matches moves it: one entering or leaving the results, one on the page, or (by
 * rating) one whose new review moved its average across the page's range. A tutor's record
 * change (its courses, which the cards show, included) names its search text before and after,
 * so a page showing the tutor goes whichever courses it had. The
 * total is kept apart: it changes only when a tutor enters or leaves the results, not when a
 * review moves an average, so a page read again after a review costs one indexed read.
 */
export async function tutorListAnswer(reads: ReadContext, query: TutorListQuery): Promise<Buffer> {
  const words = searchWords(query.q);
  const department = query.department ?? null;
  // Queries that search for the same words share an answer ('Smi', ' smi ').
  const filter = JSON.stringify([department, words.join(' ')]);
  const page = await reads.cache.get(
    `tutors:${filter}:${JSON.stringify([query.sort, query.page, query.pageSize])}`,
    async (): Promise<KeptPage> => {
      const totalOf = () =>
        reads.cache.get(`tutors-total:${filter}`, () => countPublicTutors(reads.db, query), {
          dependsOn: () => [{ on: 'tutor-list-total', words, department }],
          weigh: () => 100,
        });
      // A search's page is read knowing how many it matches; the list's is read alongside its total.
      const [items, total] =
        words.length > 0
          ? await totalOf().then(async (total) => [await publicTutorPage(reads.db, query, total), total] as const)
          : await Promise.all([publicTutorPage(reads.db, query), totalOf()]);
      return {
        json: toJsonBytes(tutorListSchema, { items, total, page: query.page, pageSize: query.pageSize }),
        tutorIds: items.map((item) => item.id),
        ratings: items.length > 0 ? { highest: items[0]!.rankingScore, lowest: items.at(-1)!.rankingScore } : null,
      };
    },
    {
      dependsOn: ({ tutorIds, ratings }) => [
        { on: 'tutor-list', words, department, sort: query.sort, tutorIds, ratings },
      ],
      weigh: ({ json, tutorIds }) => weighJson(json) + tutorIds.length * 40,
    },
  );
  return page.json;
}

/** A page's answer, with what tells which changes move it (see Dependency 'tutor-list'). */
interface KeptPage {
  json: Buffer;
  tutorIds: string[];
  ratings: { highest: number | null; lowest: number | null } | null;
}
