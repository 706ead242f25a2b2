import type { ApiError } from '../../shared/errors';
import { ApiRequestError } from './api-client';
import { commonText } from '../i18n/namespaces/common';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100, whole numbers. */
  percent: number;
}

export interface UploadFileOptions {
  /** The multipart field the server reads the file from. */
  fieldName: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Thrown when the caller aborted the upload: not a failure to tell the user about. */
export class UploadAbortedError extends Error {
  constructor() {
    super(commonText('uploadCancelled'));
    this.name = 'UploadAbortedError';
  }
}

export const isUploadAborted = (error: unknown): boolean => error instanceof UploadAbortedError;

const networkError = () =>
  new ApiRequestError(0, 'network_error', 'Cannot reach the server. Check your connection and try again.');

/**
 * POSTs one file as multipart/form-data and resolves to the parsed JSON answer. Uses
 * XMLHttpRequest because fetch cannot report upload progress. Rejects with ApiRequestError
 * (the server's code and message, or a network error) or UploadAbortedError.
 */
export function uploadFile<T>(
  url: string,
  file: Blob,
  { fieldName, onProgress, signal }: UploadFileOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');

    xhr.upload.addEventListener('progress', (event) => {
      if (!onProgress || !event.lengthComputable) return;
      onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
      });
    });

    xhr.addEventListener('load', () => {
      settle();
      const payload = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      const error = (payload as Partial<ApiError> | undefined)?.error;
      reject(
        new ApiRequestError(
          xhr.status,
          error?.code ?? 'http_error',
          error?.message ?? `Request failed (${xhr.status}).`,
        ),
      );
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(networkError());
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(networkError());
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new UploadAbortedError());
    });

    const body = new FormData();
    body.append(fieldName, file, file instanceof File ? file.name : 'upload');
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
