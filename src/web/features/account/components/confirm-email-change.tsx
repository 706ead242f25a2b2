import { CheckCircleIcon } from '../../../components/ui/icons/check-circle-icon';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/**
 * The page the new address's mail links to. Confirming takes a click, so a mail scanner that
 * opens links does not move the account by itself.
 */
export function ConfirmEmailChange({ token }: { token: string | null }) {
  const confirm = useConfirmEmailChange();
  if (!token)
    return (
      <div role="alert" className="text-center">
        <h1 className="text-2xl font-semibold text-red-800">This link cannot be used</h1>
        <p className="mt-2 text-slate-700">Your link is not valid</p>
      </div>
    );
  if (confirm.isSuccess)
    return (
      <div role="status" className="text-center">
        <CheckCircleIcon className="mx-auto mb-3 h-12 w-12 text-green-700" />
        <h1 className="text-2xl font-semibold text-slate-900">Email changed</h1>
        <p className="mt-2 break-words text-slate-700">Your account now uses {confirm.data.email}.</p>
        <TextLink to={paths.login} className="mt-4 inline-block">
          Go to the login page
        </TextLink>
      </div>
    );
  return (
    <div className="text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Confirm your new email</h1>
      <p className="mt-2 text-slate-700">Your account will use this address from now on.</p>
      {confirm.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {errorMessage(confirm.error)}
        </p>
      )}
      <Button className="mt-4 w-full" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
        {confirm.isPending ? 'Confirming...' : 'Confirm my new email'}
      </Button>
    </div>
  );
}
