import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { usePublicSettings, useSiteName } from '../features/settings/api/get-public-settings';
import { useCommonText } from '../i18n/namespaces/common';
import { takeUpdateAnnouncement } from '../lib/app-updates';

/**
 * After the page reloaded by itself onto a new release (lib/app-updates.ts), says so once, under
 * the site's own name.
 */
export function UpdateNotice() {
  const { t } = useCommonText();
  const siteName = useSiteName();
  const settingsArrived = !usePublicSettings().isPending;
  useEffect(() => {
    if (settingsArrived && takeUpdateAnnouncement()) toast(t('appUpdated', { siteName }));
  }, [settingsArrived, siteName, t]);
  return null;
}
