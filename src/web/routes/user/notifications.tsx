import { useRef } from 'react';
import { FollowedDepartments } from '../../features/notifications/components/followed-departments';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useNotificationsText } from '../../i18n/namespaces/notifications';

export function NotificationsRoute() {
  const { t } = useNotificationsText();
  useDocumentTitle(t('title'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <div className="space-y-8">
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
          {t('title')}
        </h1>
        <p className="mt-1 text-slate-700">{t('intro')}</p>
      </div>
      <NotificationList headingRef={headingRef} />
      <FollowedDepartments />
    </div>
  );
}

export { NotificationsRoute as Component };
