import { useId } from 'react';
import { auditActions, type AuditLogFilter } from '../../../../shared/audit';
import { FieldError, FieldLabel, inputClasses } from '../../../components/forms/field';
import { ListFilterSelect } from '../../../components/lists/list-filter-select';
import { useAuditLogText } from '../../../i18n/namespaces/audit-log';
import { useAuditLogActors } from '../api/get-audit-log-actors';

/** "Hid a review" from "hid a review": the kinds as a list of choices. */
const capitalised = (text: string, language: string) => text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

/** Person, kind of action and dates: each change narrows the list at once (the page keeps them in the URL). */
export function AuditLogFilters({
  filter,
  onChange,
}: {
  filter: AuditLogFilter;
  onChange: (changes: Partial<Record<keyof AuditLogFilter, string | null>>) => void;
}) {
  const { t, i18n } = useAuditLogText();
  const actors = useAuditLogActors();
  const fromId = useId();
  const toId = useId();
  const toErrorId = useId();
  const datesOutOfOrder = Boolean(filter.from && filter.to && filter.from > filter.to);
  const actionOptions = [
    { value: '', label: t('filters.allActions') },
    ...auditActions.map((action) => ({ value: action, label: capitalised(t(`actions.${action}`), i18n.language) })),
  ];
  const actorOptions = [
    { value: '', label: t('filters.everyone') },
    ...(actors.data?.items ?? []).map((actor) => ({ value: actor.id, label: actor.name })),
  ];
  // A person chosen before their account went keeps the choice visible rather than showing "Everyone".
  if (filter.actorId && !actorOptions.some((option) => option.value === filter.actorId))
    actorOptions.push({ value: filter.actorId, label: t('filters.personWithoutEntries') });

  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <ListFilterSelect
        label={t('filters.person')}
        value={filter.actorId ?? ''}
        options={actorOptions}
        onChange={(value) => onChange({ actorId: value || null })}
      />
      <ListFilterSelect
        label={t('filters.kindOfAction')}
        value={filter.action ?? ''}
        options={actionOptions}
        onChange={(value) => onChange({ action: value || null })}
      />
      <div>
        <FieldLabel htmlFor={fromId}>{t('filters.from')}</FieldLabel>
        <input
          id={fromId}
          type="date"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(event) => onChange({ from: event.target.value || null })}
          className={`${inputClasses} h-11`}
        />
      </div>
      <div>
        <FieldLabel htmlFor={toId}>{t('filters.to')}</FieldLabel>
        <input
          id={toId}
          type="date"
          value={filter.to ?? ''}
          min={filter.from}
          aria-invalid={datesOutOfOrder || undefined}
          aria-describedby={datesOutOfOrder ? toErrorId : undefined}
          onChange={(event) => onChange({ to: event.target.value || null })}
          className={`${inputClasses} h-11`}
        />
        {datesOutOfOrder && <FieldError id={toErrorId}>{t('filters.datesOutOfOrder')}</FieldError>}
      </div>
    </div>
  );
}
