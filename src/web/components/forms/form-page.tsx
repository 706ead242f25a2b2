import { type ReactNode, useId } from 'react';

/** A page whose content is one form: a card with the page's heading and a line about it. */
export function FormPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h1 id={titleId} className="text-2xl font-semibold text-slate-900">
        {title}
      </h1>
      {intro && <p className="mt-2 text-slate-700">{intro}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
