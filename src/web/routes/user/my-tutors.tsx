import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button, LinkButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useDeleteMyTutor } from '../../features/tutors/api/delete-my-tutor';
import { useMyTutors } from '../../features/tutors/api/get-my-tutors';
import { EmptyList, ListLoadError } from '../../components/lists/list-status';
import { TutorPicture } from '../../components/tutors/tutor-picture';
import { TutorStatusBadge } from '../../features/tutors/components/tutor-status-badge';
import type { MySubmission } from '../../../shared/tutors';
import { Trans } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { useTutorsText } from '../../i18n/namespaces/tutors';

export function MyTutorsRoute() {
  const { t } = useTutorsText();
  useDocumentTitle(t('mine.title'));
  const submissions = useMyTutors();
  const deleteTutor = useDeleteMyTutor();
  const [toDelete, setToDelete] = useState<MySubmission | null>(null);

  function confirmDelete() {
    if (!toDelete) return;
    deleteTutor.mutate(toDelete.id, {
      onSuccess: () => toast.success(t('mine.deletedToast')),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t('mine.title')}</h1>
          <p className="mt-1 text-slate-700">{t('mine.intro')}</p>
        </div>
        <LinkButton to={paths.user.tutorForm}>{t('addTutor')}</LinkButton>
      </div>

      {submissions.isPending ? (
        <Spinner />
      ) : submissions.isError ? (
        <ListLoadError
          message={t('loadError')}
          onRetry={() => void submissions.refetch()}
          retrying={submissions.isFetching}
        />
      ) : submissions.data.items.length === 0 ? (
        <EmptyList message={t('mine.empty')}>
          <LinkButton to={paths.user.tutorForm}>{t('addTutor')}</LinkButton>
        </EmptyList>
      ) : (
        <ul className="space-y-4">
          {submissions.data.items.map((submission) => (
            <li key={submission.id}>
              <SubmissionCard submission={submission} onDelete={() => setToDelete(submission)} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('mine.deleteTitle')}
        description={
          <Trans
            t={t}
            i18nKey="mine.deleteDescription"
            values={{ name: toDelete?.name ?? '' }}
            components={{ strong: <strong /> }}
          />
        }
        confirmLabel={t('actions.delete')}
        busyLabel={t('actions.deleting')}
        cancelLabel={t('actions.cancel')}
        busy={deleteTutor.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function SubmissionCard({ submission, onDelete }: { submission: MySubmission; onDelete: () => void }) {
  const { t } = useTutorsText();
  const nameId = useId();
  // The submitter may change or withdraw a tutor until an administrator approves it.
  const editable = submission.status !== 'approved';
  return (
    <article aria-labelledby={nameId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 gap-4">
          <TutorPicture image={submission.image} name={submission.name} size="md" />
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={nameId} className="break-words text-lg font-semibold text-slate-900">
                {submission.name}
              </h2>
              <TutorStatusBadge status={submission.status} />
            </div>
            <p className="break-words text-sm text-slate-700">{submission.department}</p>
            <p className="text-sm text-slate-600">
              <Trans
                t={t}
                i18nKey="mine.submitted"
                values={{ date: formatDate(submission.createdAt) }}
                components={{ time: <time dateTime={submission.createdAt} /> }}
              />
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
          <LinkButton to={paths.user.tutorProfile(submission.id)} variant="secondary">
            {t('mine.view')}
          </LinkButton>
          {editable && (
            <>
              <LinkButton to={paths.user.editTutor(submission.id)} variant="secondary">
                {submission.status === 'rejected' ? t('mine.editAndResubmit') : t('actions.edit')}
              </LinkButton>
              <Button variant="danger" onClick={onDelete}>
                {t('actions.delete')}
              </Button>
            </>
          )}
        </div>
      </div>
      <StatusNote submission={submission} />
    </article>
  );
}

function StatusNote({ submission }: { submission: MySubmission }) {
  const { t } = useTutorsText();
  switch (submission.status) {
    case 'pending':
      return <p className="mt-3 text-sm text-slate-700">{t('mine.pendingNote')}</p>;
    case 'approved':
      return <p className="mt-3 text-sm text-slate-700">{t('mine.approvedNote')}</p>;
    case 'rejected':
      return (
        <div className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="whitespace-pre-line break-words">
            <span className="font-semibold">{t('mine.reasonLabel')}</span>
            {submission.rejectionReason ?? t('mine.noReason')}
          </p>
          <p className="mt-1">{t('mine.resubmitNote')}</p>
        </div>
      );
  }
}

export { MyTutorsRoute as Component };
