import { useCommonText } from '../../i18n/namespaces/common';
export function Spinner({ label }: { label?: string }) {
  const { t } = useCommonText();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-slate-600">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent"
      />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
