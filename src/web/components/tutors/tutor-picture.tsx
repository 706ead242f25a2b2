import { useState } from 'react';
import type { StoredImage } from '../../../shared/uploads';
import { useTutorsText } from '../../i18n/namespaces/tutors';

const sizes = {
  sm: { box: 'h-12 w-12', px: 48 },
  md: { box: 'h-20 w-20', px: 80 },
  /** A tutor card: small in a phone's row, full size in the grid's column from 640 px. */
  card: { box: 'h-14 w-14 sm:h-20 sm:w-20', px: 80 },
  lg: { box: 'h-40 w-40', px: 160 },
  /** A profile's header: the full picture, 80 px on a phone, 112 px from 640 px. */
  profile: { box: 'h-20 w-20 sm:h-28 sm:w-28', px: 160 },
} as const;

/**
 * A tutor's picture at a fixed size (no layout shift), lazily loaded, thumbnail for the small
 * sizes; a neutral silhouette when there is none, or when it cannot be loaded (the picture
 * store is unreachable). The name is the alternative text.
 */
export function TutorPicture({
  image,
  name,
  size = 'md',
  className = '',
}: {
  image: StoredImage | null;
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const { t } = useTutorsText();
  const { box, px } = sizes[size];
  const src = image && (size === 'lg' || size === 'profile' ? image.url : image.thumbnailUrl);
  // The address that failed, so another picture (a changed tutor) gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        role="img"
        aria-label={t('picture.none', { name })}
        className={`inline-flex shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-500 ${box} ${className}`}
      >
        <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="h-3/5 w-3/5">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8z" />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      onError={() => setFailedSrc(src)}
      width={px}
      height={px}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-full bg-slate-200 object-cover ${box} ${className}`}
    />
  );
}
