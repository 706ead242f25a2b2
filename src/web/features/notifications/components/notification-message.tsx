import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import type { Notification } from '../../../../shared/notifications';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import type english from '../../../i18n/locales/en/notifications.json';
import { translateMessage } from '../../../i18n/message-translator';
import { useNotificationsText } from '../../../i18n/namespaces/notifications';

/** Text from the notification itself, placed in a translated sentence as a component, never parsed as markup. */
function Text({ value }: { value: string }) {
  return <>{value}</>;
}

/** The tutor's name, linked to the profile while the tutor exists and `linked` allows. */
function TutorName({ notification, linked = true }: { notification: Notification; linked?: boolean }) {
  const { t } = useNotificationsText();
  const name = notification.tutorName ?? t('message.aTutor');
  if (!linked || !notification.tutorId) return <strong className="font-semibold">{name}</strong>;
  // Inside a sentence, a link is underlined: colour alone does not tell it from the text.
  return (
    <TextLink to={paths.user.tutorProfile(notification.tutorId)} className="underline">
      {name}
    </TextLink>
  );
}

/** "your review 'Great teacher' of Dr Smith", with whatever of the title and name the notification kept. */
function ReviewOf({ notification }: { notification: Notification }) {
  const { t } = useNotificationsText();
  const title = notification.reviewTitle?.trim();
  const key = title
    ? notification.tutorName
      ? 'message.reviewTitledOf'
      : 'message.reviewTitled'
    : notification.tutorName
      ? 'message.reviewOf'
      : 'message.review';
  return (
    <Trans
      t={t}
      i18nKey={key}
      components={{ title: <Text value={title ?? ''} />, tutor: <TutorName notification={notification} /> }}
    />
  );
}

function Reason({ reason }: { reason: string | null }) {
  const { t } = useNotificationsText();
  if (!reason?.trim()) return null;
  return <> {t('message.reason', { reason: translateMessage(reason.trim()) })}</>;
}

/** The sentence for a notification, its tutor's name and review placed where the language puts them. */
function Sentence({
  i18nKey,
  notification,
  linked = true,
  department,
}: {
  i18nKey: MessageKey;
  notification: Notification;
  linked?: boolean;
  department?: string;
}) {
  const { t } = useNotificationsText();
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      components={{
        tutor: <TutorName notification={notification} linked={linked} />,
        review: <ReviewOf notification={notification} />,
        title: <Text value={notification.reviewTitle?.trim() ?? ''} />,
        department: <Text value={department ?? ''} />,
      }}
    />
  );
}

type MessageKey = `message.${Exclude<keyof typeof english.message, 'aTutor' | 'reason' | 'aDepartmentYouFollow'>}`;

/** What happened, worded for the person it happened to. */
export function NotificationMessage({ notification }: { notification: Notification }): ReactNode {
  const { t } = useNotificationsText();
  const named = Boolean(notification.tutorName);
  const reason = <Reason reason={notification.reason} />;
  switch (notification.kind) {
    case 'submission_approved':
      return (
        <Sentence
          i18nKey={named ? 'message.submissionApproved' : 'message.submissionApprovedUnnamed'}
          notification={notification}
        />
      );
    case 'submission_rejected':
      return (
        <>
          {/* A rejected tutor is not public: its name leads nowhere, the follow-up link to its form does. */}
          <Sentence
            i18nKey={named ? 'message.submissionRejected' : 'message.submissionRejectedUnnamed'}
            notification={notification}
            linked={false}
          />
          {reason}
        </>
      );
    case 'review_hidden':
      return (
        <>
          <Sentence i18nKey="message.reviewHidden" notification={notification} />
          {reason}
        </>
      );
    case 'review_unhidden':
      return <Sentence i18nKey="message.reviewUnhidden" notification={notification} />;
    case 'review_deleted':
      return (
        <>
          <Sentence i18nKey="message.reviewDeleted" notification={notification} />
          {reason}
        </>
      );
    case 'tutor_published':
      return (
        <Sentence
          i18nKey="message.tutorPublished"
          notification={notification}
          department={notification.department ?? t('message.aDepartmentYouFollow')}
        />
      );
    case 'review_published':
      return <Sentence i18nKey="message.reviewPublished" notification={notification} />;
    case 'review_received':
      return (
        <Sentence
          i18nKey={notification.reviewTitle?.trim() ? 'message.reviewReceivedTitled' : 'message.reviewReceived'}
          notification={notification}
        />
      );
    case 'response_hidden':
      return (
        <>
          <Sentence i18nKey="message.responseHidden" notification={notification} />
          {reason}
        </>
      );
    case 'claim_approved':
      return <Sentence i18nKey="message.claimApproved" notification={notification} />;
    case 'claim_rejected':
      return (
        <>
          <Sentence i18nKey="message.claimRejected" notification={notification} />
          {reason}
        </>
      );
    case 'claim_released':
      return (
        <>
          <Sentence i18nKey="message.claimReleased" notification={notification} />
          {reason}
        </>
      );
    case 'appeal_restored':
      return (
        <>
          <Sentence i18nKey="message.appealRestored" notification={notification} />
          {reason}
        </>
      );
    case 'appeal_upheld':
      return (
        <>
          <Sentence i18nKey="message.appealUpheld" notification={notification} />
          {reason}
        </>
      );
    default:
      return <>{notification.kind satisfies never}</>;
  }
}

/** Where the user can act on a notification, beyond the tutor's profile linked in its text (its label a catalog key). */
export function notificationFollowUp(
  notification: Notification,
): { to: string; label: 'followUp.editSubmission' | 'followUp.appeal' | 'followUp.myReviews' } | null {
  switch (notification.kind) {
    case 'submission_rejected':
      // A rejected submission can be corrected and sent again from its form.
      return notification.tutorId
        ? { to: paths.user.editTutor(notification.tutorId), label: 'followUp.editSubmission' }
        : null;
    case 'review_hidden':
    case 'review_deleted':
      // Straight to the review's appeal in My Reviews.
      return notification.reviewId
        ? { to: paths.user.myReviewAppeal(notification.reviewId), label: 'followUp.appeal' }
        : { to: paths.user.myReviews, label: 'followUp.myReviews' };
    case 'review_unhidden':
    case 'review_published':
    case 'appeal_restored':
    case 'appeal_upheld':
      return { to: paths.user.myReviews, label: 'followUp.myReviews' };
    default:
      return null;
  }
}
