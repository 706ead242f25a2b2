import { useCommonText } from '../../i18n/namespaces/common';
/** The first stop for keyboard users: jumps past the navigation to the page's main content. */
export function SkipLink() {
  const { t } = useCommonText();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
    >
      {t('skipLink')}
    </a>
  );
}
