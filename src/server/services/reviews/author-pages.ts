import { eq } from 'drizzle-orm';
import { reviewFeedChanged, tutorChanged, type DataChange } from '../../cache/data-changes';
import type { Database } from '../../db/client';
import { reviews, tutors } from '../../db/schema';

/**
 * Review cards show their author's name: renaming an author changes the review pages of every
 * tutor they reviewed, and the feed.
 */
export async function authorNameShownOn(db: Database, authorId: string): Promise<DataChange[]> {
  const reviewed = await db
    .selectDistinct({ id: tutors.id, searchText: tutors.searchText, department: tutors.department })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .where(eq(reviews.authorId, authorId));
  return [...reviewed.map((tutor) => tutorChanged(tutor, false)), reviewFeedChanged];
}
