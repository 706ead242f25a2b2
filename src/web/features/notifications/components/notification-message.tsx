import type { ReactNode } from 'react';
import type { Notification } from '../../../../shared/notifications';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';

/** The tutor's name, linked to the profile while the tutor exists and `linked` allows. */
function TutorName({ notification, linked = true }: { notification: Notification; linked?: boolean }) {
  const name = notification.tutorName ?? 'a tutor';
  if (!linked || !notification.tutorId) return <strong className="font-semibold">{name}</strong>;
  return <TextLink to={paths.user.tutorProfile(notification.tutorId)}>{name}</TextLink>;
}

/** "your review 'Great teacher' of Dr Smith", with whatever of the title and name the notification kept. */
function ReviewOf({ notification }: { notification: Notification }) {
  const title = notification.reviewTitle?.trim();
  return (
    <>
      your review{title ? ` '${title}'` : null}
      {notification.tutorName ? (
        <>
          {' '}
          of <TutorName notification={notification} />
        </>
      ) : null}
    </>
  );
}

function Reason({ reason }: { reason: string | null }) {
  if (!reason?.trim()) return null;
  return <> Reason: {reason.trim()}</>;
}

/** What happened, worded for the person it happened to. */
export function NotificationMessage({ notification }: { notification: Notification }): ReactNode {
  switch (notification.kind) {
    case 'submission_approved':
      return (
        <>
          Your submission
          {notification.tutorName ? (
            <>
              {' '}
              <TutorName notification={notification} />
            </>
          ) : null}{' '}
          was approved and is now public.
        </>
      );
    case 'submission_rejected':
      return (
        <>
          {/* A rejected tutor is not public: its name leads nowhere, the follow-up link to its form does. */}
          Your submission
          {notification.tutorName ? (
            <>
              {' '}
              <TutorName notification={notification} linked={false} />
            </>
          ) : null}{' '}
          was rejected.
          <Reason reason={notification.reason} />
        </>
      );
    case 'review_hidden':
      return (
        <>
          A moderator hid <ReviewOf notification={notification} />.
          <Reason reason={notification.reason} />
        </>
      );
    case 'review_unhidden':
      return (
        <>
          A moderator made <ReviewOf notification={notification} /> visible again.
        </>
      );
    case 'review_deleted':
      return (
        <>
          A moderator deleted <ReviewOf notification={notification} />.
          <Reason reason={notification.reason} />
        </>
      );
    case 'tutor_published':
      return (
        <>
          New tutor in {notification.department ?? 'a department you follow'}: <TutorName notification={notification} />
        </>
      );
    case 'review_published':
      return (
        <>
          A moderator published <ReviewOf notification={notification} />.
        </>
      );
    case 'review_received':
      return (
        <>
          A student reviewed your profile <TutorName notification={notification} />
          {notification.reviewTitle?.trim() ? `: '${notification.reviewTitle.trim()}'` : null}.
        </>
      );
    case 'response_hidden':
      return (
        <>
          A moderator hid your response to a review of <TutorName notification={notification} />.
          <Reason reason={notification.reason} />
        </>
      );
    case 'claim_approved':
      return (
        <>
          Your claim of the profile <TutorName notification={notification} /> was approved. You can now respond to its
          reviews.
        </>
      );
    case 'claim_rejected':
      return (
        <>
          Your claim of the profile <TutorName notification={notification} /> was rejected.
          <Reason reason={notification.reason} />
        </>
      );
    case 'claim_released':
      return (
        <>
          An administrator released the profile <TutorName notification={notification} /> from your account: you no
          longer manage it.
          <Reason reason={notification.reason} />
        </>
      );
    case 'appeal_restored':
      return (
        <>
          Your appeal was accepted: <ReviewOf notification={notification} /> is published again.
          <Reason reason={notification.reason} />
        </>
      );
    case 'appeal_upheld':
      return (
        <>
          Your appeal about <ReviewOf notification={notification} /> was declined: the moderator's decision stands.
          <Reason reason={notification.reason} />
        </>
      );
    default:
      return <>{notification.kind satisfies never}</>;
  }
}

/** Where the user can act on a notification, beyond the tutor's profile linked in its text. */
export function notificationFollowUp(notification: Notification): { to: string; label: string } | null {
  switch (notification.kind) {
    case 'submission_rejected':
      // A rejected submission can be corrected and sent again from its form.
      return notification.tutorId
        ? { to: paths.user.editTutor(notification.tutorId), label: 'Edit your submission' }
        : null;
    case 'review_hidden':
    case 'review_deleted':
      // Straight to the review's appeal in My Reviews.
      return notification.reviewId
        ? { to: paths.user.myReviewAppeal(notification.reviewId), label: 'Appeal' }
        : { to: paths.user.myReviews, label: 'Go to My Reviews' };
    case 'review_unhidden':
    case 'review_published':
    case 'appeal_restored':
    case 'appeal_upheld':
      return { to: paths.user.myReviews, label: 'Go to My Reviews' };
    default:
      return null;
  }
}
