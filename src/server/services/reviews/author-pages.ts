import { and, eq } from 'drizzle-orm';
import { reviewFeedChanged, tutorChanged, type DataChange } from '../../cache/data-changes';
import type { Database } from '../../db/client';
import { reviews, tutors } from '../../db/schema';

/**
 * Review cards show their author's name where the author chose to show it: renaming an author
 * changes the review pages of every tutor they reviewed under their name, and the feed.
 */
export async function authorNameShownOn(db: Database, authorId: string): Promise<DataChange[]> {
  const reviewed = await db
    .selectDistinct({ id: tutors.id, searchText: tutors.searchText, department: tutors.department })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .where(and(eq(reviews.authorId, authorId), eq(reviews.showName, true)));
  return [...reviewed.map((tutor) => tutorChanged(tutor, false)), reviewFeedChanged];
}
