import { randomBytes } from 'node:crypto';

// multipart/form-data bodies built by hand, byte for byte as a browser sends them, so upload
// tests exercise the real parser without a client library in between.

export interface MultipartFilePart {
  field: string;
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MultipartFieldPart {
  field: string;
  value: string;
}

export type MultipartPart = MultipartFilePart | MultipartFieldPart;

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

export function multipartBody(parts: readonly MultipartPart[]): MultipartBody {
  const boundary = `----TutorlyTestBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'content' in part
        ? `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n`
        : `Content-Disposition: form-data; name="${part.field}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`));
    chunks.push('content' in part ? Buffer.from(part.content) : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The body of a picture upload: one file in the field the API reads. */
export function fileUploadBody(
  content: Uint8Array,
  filename = 'picture.png',
  contentType = 'image/png',
): MultipartBody {
  return multipartBody([{ field: 'file', filename, contentType, content }]);
}
