import { z } from 'zod';
import { auditEntrySchema } from './audit';

/** How many weeks the reviews chart covers, this week included. */
export const DASHBOARD_WEEKS = 12;
export const DASHBOARD_ACTIVITY_COUNT = 10;

export const adminDashboardSchema = z.object({
  figures: z.object({
    publicTutors: z.number().int(),
    pendingSubmissions: z.number().int(),
    /** Visible (not hidden) reviews. */
    reviews: z.number().int(),
    users: z.number().int(),
    /** Reviews with open reports: Review Management's Reported tab. */
    reportedReviews: z.number().int(),
    /** Reviews a moderator hid: the Hidden tab. */
    hiddenReviews: z.number().int(),
    /** The mean of the public tutors' average ratings, over tutors with at least one review; null without any. */
    meanRating: z.number().nullable(),
  }),
  /** Oldest first; weeks start on Monday (UTC), empty weeks included. */
  reviewsPerWeek: z.array(z.object({ weekStart: z.iso.date(), count: z.number().int() })),
  recentActivity: z.array(auditEntrySchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
