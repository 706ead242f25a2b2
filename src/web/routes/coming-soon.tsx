import { useDocumentTitle } from '../features/settings/hooks/use-document-title';

/** Stands in for a page whose capability has not been delivered yet. */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">This page is coming soon.</p>
    </section>
  );
}
