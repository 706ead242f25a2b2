import { useQuery } from '@tanstack/react-query';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, type Role } from '../../../shared/account';
import { isStrongEnough, loadPasswordScorer, MIN_PASSWORD_SCORE } from '../../../shared/password-strength';
import { useCommonText } from '../../i18n/namespaces/common';

const STRENGTH_WORDS = ['veryWeak', 'weak', 'fair', 'strong', 'veryStrong'] as const;
const STRENGTH_COLOURS = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-green-600', 'bg-green-700'] as const;

/**
 * The rule and, once something is typed, how hard the password is to guess (zxcvbn's 0-4
 * score, in words and as a bar) and whether it passes: the server's own rule (shared/
 * password-strength.ts: "Fair" for students, "Strong" for administrators), with the estimator
 * loaded only by pages that ask for a new password. The server still decides.
 */
export function PasswordStrengthHint<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  userInputs = [],
  role = 'student',
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  /** The account's email and name: a password made of them is weak. */
  userInputs?: string[];
  /** Whose password it is: an administrator's must reach a higher score. */
  role?: Role;
}) {
  const { t } = useCommonText();
  const password = (useWatch({ control, name }) as string | undefined) ?? '';
  const estimator = useQuery({
    queryKey: ['password-strength-estimator'],
    queryFn: loadPasswordScorer,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const needed = t(`password.${STRENGTH_WORDS[MIN_PASSWORD_SCORE[role]]!}`);
  const rule = t('password.rule', { min: PASSWORD_MIN_LENGTH, needed });
  if (!password || !estimator.data) return <>{rule}</>;
  const inputs = userInputs.filter(Boolean);
  const score = estimator.data(password, [...inputs, ...inputs.map((input) => input.split('@')[0] ?? '')]);
  const passes = password.length >= PASSWORD_MIN_LENGTH && isStrongEnough(score, role);
  return (
    <span className="block">
      {rule}{' '}
      <span className="font-medium text-slate-800">
        {t('password.strength', { word: t(`password.${STRENGTH_WORDS[score]!}`) })}{' '}
        {passes ? t('password.accepted') : t('password.notYet')}
      </span>
      <span aria-hidden="true" className="mt-1 flex gap-1">
        {STRENGTH_WORDS.map((word, index) => (
          <span
            key={word}
            className={`h-1 flex-1 rounded ${index <= score ? STRENGTH_COLOURS[score] : 'bg-slate-200'}`}
          />
        ))}
      </span>
    </span>
  );
}
