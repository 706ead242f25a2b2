import { Link, type LinkProps } from 'react-router';

export function TextLink({ className = '', ...props }: LinkProps) {
  return (
    <Link className={`font-medium text-indigo-700 underline-offset-2 hover:underline ${className}`.trim()} {...props} />
  );
}
