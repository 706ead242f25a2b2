import { useQuery } from '@tanstack/react-query';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../shared/account';
import { useCommonText } from '../../i18n/namespaces/common';

/** zxcvbn-ts and its lists of common passwords are large: loaded once, only by pages that ask for a new password. */
async function loadStrengthEstimator() {
  const [{ ZxcvbnFactory }, common] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return (password: string, userInputs: string[]) => zxcvbn.check(password, userInputs).score;
}

const STRENGTH_WORDS = ['veryWeak', 'weak', 'fair', 'strong', 'veryStrong'] as const;
const STRENGTH_COLOURS = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-green-600', 'bg-green-700'] as const;

/**
 * The rule and, once something is typed, how hard the password is to guess (zxcvbn's 0-4
 * score, in words and as a bar). Only a hint: the server applies the rules.
 */
export function PasswordStrengthHint<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  userInputs = [],
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  /** The account's email and name: a password made of them is weak. */
  userInputs?: string[];
}) {
  const { t } = useCommonText();
  const password = (useWatch({ control, name }) as string | undefined) ?? '';
  const estimator = useQuery({
    queryKey: ['password-strength-estimator'],
    queryFn: loadStrengthEstimator,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const rule = t('password.rule', { min: PASSWORD_MIN_LENGTH });
  if (!password || !estimator.data) return <>{rule}</>;
  const score = estimator.data(password, userInputs.filter(Boolean));
  return (
    <span className="block">
      {rule}{' '}
      <span className="font-medium text-slate-800">
        {t('password.strength', { word: t(`password.${STRENGTH_WORDS[score]!}`) })}
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
