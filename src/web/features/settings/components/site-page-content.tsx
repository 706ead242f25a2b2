import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { ListLoadError } from '../../../components/lists/list-status';
import { TextLink } from '../../../components/ui/text-link';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import type { SitePages } from '../../../../shared/settings';
import { useSettingsText } from '../../../i18n/namespaces/settings';
import { useSitePages } from '../api/get-site-pages';

/**
 * The body of /privacy, /terms or /contact: the heading, then what `render` makes of the
 * administrators' text, or a note that they have not written it yet.
 */
export function SitePageContent({
  title,
  render,
}: {
  title: string;
  /** The page's content from the stored pages, or null when this one is not set. */
  render: (pages: SitePages) => ReactNode;
}) {
  const { t } = useSettingsText();
  const pages = useSitePages();
  const content = pages.data ? render(pages.data) : null;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {pages.isPending ? (
        <Spinner />
      ) : pages.isError ? (
        <ListLoadError message={t('loadError')} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      ) : (
        (content ?? (
          <p>
            <Trans t={t} i18nKey="sitePage.notWritten" components={{ aboutLink: <TextLink to={paths.about} /> }} />
          </p>
        ))
      )}
    </>
  );
}
