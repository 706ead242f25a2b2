import { ListLoadError } from '../../components/lists/list-status';
import { Spinner } from '../../components/ui/spinner';
import { useAdminSettings } from '../../features/settings/api/get-admin-settings';
import { AdminSettingsForm } from '../../features/settings/components/admin-settings-form';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useSettingsText } from '../../i18n/namespaces/settings';

/** /admin/settings: site name, who may sign up, and AI drafting. */
export function AdminSettingsRoute() {
  const { t } = useSettingsText();
  useDocumentTitle(t('page.title'));
  const settings = useAdminSettings();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700">{t('page.intro')}</p>
      </div>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <ListLoadError
          message={t('loadError')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        // Filled once from the stored settings; a refetch in the background does not overwrite what is being typed.
        <AdminSettingsForm settings={settings.data} />
      )}
    </div>
  );
}

export { AdminSettingsRoute as Component };
