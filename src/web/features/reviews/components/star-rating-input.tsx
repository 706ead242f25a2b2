import { type Ref, useId, useState } from 'react';
import { MAX_RATING } from '../../../../shared/reviews-constants';
import { Star } from '../../../components/ui/star-rating';
import { useReviewsText } from '../../../i18n/namespaces/reviews';

const STARS = Array.from({ length: MAX_RATING }, (_, index) => index + 1);

/**
 * Choosing a rating: a group of radio buttons ("1 star" ... "5 stars") drawn as stars. Each
 * radio lies invisibly over its star, so a click, a tap, the arrow keys and screen readers all
 * work as for any radio group; the star shows the focus ring of its radio. Hovering previews
 * a rating without choosing it. The stars are the ones every rating is shown with (Star).
 */
export function StarRatingInput({
  value,
  onChange,
  required = false,
  invalid = false,
  ref,
}: {
  /** 0 while no rating is chosen. */
  value: number;
  onChange: (rating: number) => void;
  required?: boolean;
  /** Shown after a refused submit while no rating is chosen. */
  invalid?: boolean;
  /** The fieldset, so the form can move focus to the group. */
  ref?: Ref<HTMLFieldSetElement>;
}) {
  const { t } = useReviewsText();
  const name = useId();
  const summaryId = useId();
  const [previewed, setPreviewed] = useState(0);
  const filledUpTo = previewed || value;

  return (
    <fieldset ref={ref} aria-describedby={summaryId}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {t('starInput.legend')}
        {/* The radios are required; the star is for sighted users and stays out of the name. */}
        {required && (
          <span aria-hidden="true" className="ms-1 font-semibold text-red-700">
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex" onMouseLeave={() => setPreviewed(0)}>
          {STARS.map((stars) => {
            const filled = stars <= filledUpTo;
            return (
              <label
                key={stars}
                onMouseEnter={() => setPreviewed(stars)}
                className="relative rounded-md p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-0 has-[:focus-visible]:outline-indigo-500"
              >
                <input
                  type="radio"
                  name={name}
                  value={stars}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  required={required}
                  className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
                />
                <span className="sr-only">{t('starInput.star', { count: stars })}</span>
                <Star
                  fill={filled ? 1 : 0}
                  size="input"
                  tone={previewed > 0 && previewed !== value ? 'preview' : invalid ? 'invalid' : 'rated'}
                  className="pointer-events-none"
                />
              </label>
            );
          })}
        </div>
        <p id={summaryId} className={`text-sm ${invalid ? 'font-medium text-red-700' : 'text-slate-700'}`}>
          {value ? t('starInput.outOf', { value, max: MAX_RATING }) : t('starInput.none')}
        </p>
      </div>
    </fieldset>
  );
}
