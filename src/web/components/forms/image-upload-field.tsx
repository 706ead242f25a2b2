import { type ChangeEvent, type ReactNode, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import { ApiRequestError } from '../../lib/api-client';
import { isUploadAborted, type UploadProgress } from '../../lib/upload-file';
import { buttonClasses } from '../ui/button';
import { FieldError, FieldHint, FieldLabel, useFieldWiring } from './field';
import { useCommonText } from '../../i18n/namespaces/common';
import { translateMessage } from '../../i18n/message-translator';

export type ImageUploader = (
  file: File,
  options: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal },
) => Promise<{ key: string }>;

const MAX_UPLOAD_MEGABYTES = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

/**
 * Picks a picture, previews it at once and uploads it with a progress bar; reports the stored
 * key through onChange when the server has accepted it. Quick checks here spare a pointless
 * upload, but the server decides by the file's bytes. A failed upload leaves the previous
 * picture in place.
 */
export function ImageUploadField({
  label,
  upload,
  value,
  onChange,
  onUploadingChange,
  currentImageUrl,
  currentImageKey,
  required = false,
  error,
  hint,
  inputRef,
}: {
  label?: string;
  upload: ImageUploader;
  /** The key of the uploaded picture the form will save, or null for none. */
  value: string | null;
  onChange: (key: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
  /** The picture already saved with the record being edited, shown while `value` is its key. */
  currentImageUrl?: string | null;
  currentImageKey?: string | null;
  required?: boolean;
  /** A message from the form's own validation (for example a required picture). */
  error?: string | null;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useCommonText();
  const [uploaded, setUploadedFile] = useFilePreview();
  const [pending, setPendingFile] = useFilePreview();
  const uploadedFile = uploaded?.file ?? null;
  const pendingFile = pending?.file ?? null;
  const [progress, setProgress] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const uploading = pendingFile !== null;
  const showsCurrent = value !== null && uploadedFile === null && value === currentImageKey && !!currentImageUrl;
  const previewUrl =
    pending?.url ?? (uploaded && value ? uploaded.url : null) ?? (showsCurrent ? currentImageUrl : null);
  const hasPicture = value !== null || uploading;
  const shownError = uploadError ?? error ?? null;
  const { hintId, errorId, controlProps } = useFieldWiring({
    required,
    hint: hint ?? t('imageUpload.hint', { size: MAX_UPLOAD_MEGABYTES }),
    error: shownError,
  });
  const progressLabelId = `${controlProps.id}-progress`;

  function setUploading(next: boolean) {
    onUploadingChange?.(next);
  }

  function cancelUpload() {
    controllerRef.current?.abort();
    controllerRef.current = null;
  }

  function fail(message: string, toastMessage: string) {
    setUploadError(message);
    setAnnouncement('');
    toast.error(toastMessage);
  }

  async function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;

    if (!file.type.startsWith('image/')) {
      fail(t('imageUpload.notAnImage'), t('imageUpload.failedToast'));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      const tooLarge = t('imageUpload.tooLarge', { size: MAX_UPLOAD_MEGABYTES });
      fail(tooLarge, t('imageUpload.failedToastWith', { message: tooLarge }));
      return;
    }

    cancelUpload();
    const controller = new AbortController();
    controllerRef.current = controller;
    setUploadError(null);
    setPendingFile(file);
    setProgress(0);
    setAnnouncement(t('imageUpload.uploading'));
    setUploading(true);

    try {
      const image = await upload(file, {
        signal: controller.signal,
        onProgress: ({ percent }) => setProgress(percent),
      });
      if (controllerRef.current !== controller) return;
      setUploadedFile(file);
      onChange(image.key);
      setAnnouncement(t('imageUpload.uploaded'));
    } catch (uploadFailure) {
      if (isUploadAborted(uploadFailure) || controllerRef.current !== controller) return;
      if (uploadFailure instanceof ApiRequestError && uploadFailure.status >= 400 && uploadFailure.status < 500) {
        const message = translateMessage(uploadFailure.message);
        fail(message, t('imageUpload.failedToastWith', { message }));
      } else if (uploadFailure instanceof ApiRequestError && uploadFailure.status >= 500) {
        // A 503 says what is wrong for a while (a full disk, the picture store down) and that
        // nothing was kept; any other failure is a fault of ours, told in general terms.
        const message =
          uploadFailure.status === 503 ? translateMessage(uploadFailure.message) : t('imageUpload.serverFailed');
        fail(message, t('imageUpload.failedOnServerToast'));
      } else {
        fail(t('imageUpload.sendFailed'), t('imageUpload.failedToast'));
      }
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setPendingFile(null);
        setUploading(false);
      }
    }
  }

  function handleCancelUpload() {
    cancelUpload();
    setPendingFile(null);
    setUploading(false);
    setAnnouncement(t('imageUpload.cancelled'));
  }

  function handleRemove() {
    cancelUpload();
    setPendingFile(null);
    setUploadedFile(null);
    setUploadError(null);
    if (uploading) setUploading(false);
    onChange(null);
    setAnnouncement(t('imageUpload.removed'));
  }

  return (
    <div>
      <FieldLabel htmlFor={controlProps.id} required={required}>
        {label ?? t('imageUpload.picture')}
      </FieldLabel>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex h-32 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-300 bg-slate-100">
          {previewUrl ? (
            <img
              src={previewUrl}
              alt={pendingFile || uploadedFile ? t('imageUpload.previewChosen') : t('imageUpload.previewCurrent')}
              width={128}
              height={128}
              loading="lazy"
              decoding="async"
              className="h-32 w-32 object-cover"
            />
          ) : (
            <span className="px-2 text-center text-xs text-slate-600">{t('imageUpload.noPicture')}</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap gap-2">
            <input
              ref={inputRef}
              {...controlProps}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              onChange={handleFileChange}
              className="peer sr-only"
            />
            {/* A second label styled as a button: clicking it opens the picker; keyboard users reach the input itself. */}
            <label
              htmlFor={controlProps.id}
              className={buttonClasses(
                'secondary',
                'cursor-pointer peer-focus:outline-3 peer-focus:outline-offset-2 peer-focus:outline-indigo-500',
              )}
            >
              {hasPicture ? t('imageUpload.change') : t('imageUpload.choose')}
            </label>
            {uploading ? (
              <button type="button" onClick={handleCancelUpload} className={buttonClasses('ghost')}>
                {t('imageUpload.cancelUpload')}
              </button>
            ) : (
              value !== null && (
                <button type="button" onClick={handleRemove} className={buttonClasses('ghost')}>
                  {t('imageUpload.remove')}
                </button>
              )
            )}
          </div>
          {uploading && (
            <div className="flex items-center gap-3">
              <span id={progressLabelId} className="sr-only">
                {t('imageUpload.progress')}
              </span>
              <progress
                max={100}
                value={progress}
                aria-labelledby={progressLabelId}
                className="h-2 w-full max-w-xs overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600 [&::-moz-progress-bar]:bg-indigo-600"
              />
              <span aria-hidden="true" className="shrink-0 text-sm tabular-nums text-slate-700">
                {progress < 100 ? `${progress}%` : t('imageUpload.processing')}
              </span>
            </div>
          )}
          <p role="status" aria-live="polite" className="text-sm text-slate-700">
            {uploading ? (
              <span className="sr-only">
                {t('imageUpload.uploadingPercent', { percent: roundedForAnnouncement(progress) })}
              </span>
            ) : (
              announcement
            )}
          </p>
          {errorId && <FieldError id={errorId}>{shownError}</FieldError>}
          {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
        </div>
      </div>
    </div>
  );
}

// A screen reader reading every percent would talk over everything else: announce in steps.
function roundedForAnnouncement(percent: number): number {
  return Math.floor(percent / 25) * 25;
}

/**
 * A local file with an object URL to preview it by. The URL is made when the file is set (in an
 * event handler) and revoked when the file is replaced or cleared, or the component goes away.
 */
function useFilePreview(): [{ file: File; url: string } | null, (file: File | null) => void] {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const urlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );
  const setFile = useCallback((file: File | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = file ? URL.createObjectURL(file) : null;
    urlRef.current = url;
    setPreview(file && url ? { file, url } : null);
  }, []);
  return [preview, setFile];
}
