/**
 * A value cut to its cell's width with an ellipsis, whole on hover (its title) and on keyboard
 * focus (the cell grows to show it). An email address is a mailto link, so it can be focused.
 */
export function TruncatedEmail({ email, className = '' }: { email: string; className?: string }) {
  return (
    <a
      href={`mailto:${email}`}
      title={email}
      className={`block truncate text-slate-800 underline-offset-2 hover:underline focus-visible:overflow-visible focus-visible:whitespace-normal focus-visible:wrap-anywhere ${className}`}
    >
      {email}
    </a>
  );
}
