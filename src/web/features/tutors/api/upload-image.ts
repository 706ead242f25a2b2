import { apiPaths } from '../../../../shared/api-paths';
import { UPLOAD_FIELD_NAME, type UploadedImage, type UploadImageResponse } from '../../../../shared/uploads';
import { type UploadProgress, uploadFile } from '../../../lib/upload-file';

/**
 * Sends one picture and resolves to where it is stored; the server decides by its bytes whether
 * it is an image it accepts. Progress and cancelling are the caller's (the picture field's),
 * which is why this is a plain function rather than a mutation hook.
 */
export async function uploadImage(
  file: File,
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  const { image } = await uploadFile<UploadImageResponse>(apiPaths.imageUploads, file, {
    fieldName: UPLOAD_FIELD_NAME,
    onProgress,
    signal,
  });
  return image;
}
