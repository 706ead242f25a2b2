import { Secret, TOTP } from 'otpauth';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../../src/server/plugins/auth';
import { apiPaths } from '../../src/shared/api-paths';
import type { LoginResponse } from '../../src/shared/account';
import type { Enrolled, TotpEnrolment } from '../../src/shared/second-factor';
import type { TutorProfile } from '../../src/shared/tutors';
import type { UploadedImage } from '../../src/shared/uploads';
import type { CreateUserResponse } from '../../src/shared/users';
import { pngPicture } from './images';
import { fileUploadBody } from './multipart';
import type { Method } from './requests';

// Requests over real HTTP to a server in another process, as the web app in a browser makes them.

export interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when the answer is not JSON. */
  body: T;
}

export interface HttpRequestOptions {
  cookie?: string;
  json?: unknown;
  /** A raw body with its own content type (multipart uploads). */
  raw?: { payload: Uint8Array; contentType: string };
  timeoutMs?: number;
  /** Further request headers (a bearer token for /metrics). */
  headers?: Record<string, string>;
}

/**
 * One request; rejects only when no answer arrives (refused, reset, timed out). It carries the
 * server's own address as Origin, as a same-origin page would, so cross-site protections let it in.
 */
export async function httpRequest<T = unknown>(
  baseUrl: string,
  method: Method,
  path: string,
  options: HttpRequestOptions = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { origin: baseUrl, 'sec-fetch-site': 'same-origin', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: RequestInit['body'];
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw) {
    headers['content-type'] = options.raw.contentType;
    body = new Uint8Array(options.raw.payload);
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
}

/** Like httpRequest, but anything other than `expected` fails with the answer in the message. */
export async function httpExpect<T = unknown>(
  expected: number,
  baseUrl: string,
  method: Method,
  path: string,
  options: HttpRequestOptions = {},
): Promise<T> {
  const answer = await httpRequest<T>(baseUrl, method, path, options);
  if (answer.status !== expected) {
    throw new Error(`${method} ${path}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/**
 * Recovery codes of the accounts this process gave a second factor, by address: a later sign-in
 * of the same account (after a restart, on another instance) spends one, as a person would.
 */
const recoveryCodesByEmail = new Map<string, string[]>();

/**
 * Logs in and returns the Cookie header value for later requests. An administrator where the
 * site requires a second factor takes the real step: the first sign-in sets up an authenticator
 * app (its code computed from the secret, as the app would) and keeps the recovery codes; a
 * later one spends a recovery code.
 */
export async function loginOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await httpRequest<LoginResponse>(baseUrl, 'POST', apiPaths.login, { json: { email, password } });
  if (answer.status !== 200)
    throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const cookie = answer.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`${HOST_SESSION_COOKIE}=`));
  if (!cookie) throw new Error('the login answer set no session cookie');
  const sessionCookie = cookie.split(';')[0]!;
  await passSecondFactorOverHttp(baseUrl, sessionCookie, email, answer.body.secondFactorStep);
  return sessionCookie;
}

async function passSecondFactorOverHttp(
  baseUrl: string,
  cookie: string,
  email: string,
  step: LoginResponse['secondFactorStep'],
): Promise<void> {
  if (step === 'enrol') {
    const { secret } = await httpExpect<TotpEnrolment>(200, baseUrl, 'POST', apiPaths.secondFactorTotpStart, {
      cookie,
    });
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const enrolled = await httpExpect<Enrolled>(201, baseUrl, 'POST', apiPaths.secondFactorTotp, {
      cookie,
      json: { code, label: 'Test authenticator' },
    });
    recoveryCodesByEmail.set(email, enrolled.recoveryCodes ?? []);
  } else if (step === 'verify') {
    const code = recoveryCodesByEmail.get(email)?.shift();
    if (!code) throw new Error(`no recovery code kept for ${email}: its second factor was set up elsewhere`);
    await httpExpect(200, baseUrl, 'POST', apiPaths.secondFactorVerify, { cookie, json: { code } });
  }
}

export async function uploadPictureOverHttp(
  baseUrl: string,
  cookie: string,
  content?: Uint8Array,
): Promise<UploadedImage> {
  const upload = fileUploadBody(content ?? (await pngPicture()));
  const body = await httpExpect<{ image: UploadedImage }>(201, baseUrl, 'POST', apiPaths.imageUploads, {
    cookie,
    raw: { payload: upload.payload, contentType: upload.headers['content-type'] },
  });
  return body.image;
}

/** A public tutor with a picture of its own, added through the admin API. */
export async function addTutorOverHttp(
  baseUrl: string,
  adminCookie: string,
  fields: { name: string; department: string; biography?: string; courses?: string[]; background?: string },
): Promise<TutorProfile> {
  const image = await uploadPictureOverHttp(
    baseUrl,
    adminCookie,
    await pngPicture({ background: fields.background ?? '#3366cc' }),
  );
  const body = await httpExpect<{ tutor: TutorProfile }>(201, baseUrl, 'POST', apiPaths.adminTutors, {
    cookie: adminCookie,
    json: {
      name: fields.name,
      department: fields.department,
      biography: fields.biography ?? `${fields.name} teaches in ${fields.department}.`,
      courses: fields.courses ?? [],
      imageKey: image.key,
      isPublic: true,
    },
  });
  return body.tutor;
}

/** A verified student added with the admin's 'Add User' (one-time password), then logged in. */
export async function addStudentOverHttp(
  baseUrl: string,
  adminCookie: string,
  name: string,
  email: string,
): Promise<{ id: string; email: string; cookie: string }> {
  const created = await httpExpect<CreateUserResponse>(201, baseUrl, 'POST', apiPaths.adminUsers, {
    cookie: adminCookie,
    json: { name, email, delivery: 'password' },
  });
  if (!created.oneTimePassword) throw new Error('Add User answered no one-time password');
  const cookie = await loginOverHttp(baseUrl, email, created.oneTimePassword);
  // A one-time password only lets its holder choose their own; until then every other request is refused.
  await httpExpect(204, baseUrl, 'POST', apiPaths.accountPassword, {
    cookie,
    json: { currentPassword: created.oneTimePassword, newPassword: `${created.oneTimePassword}-chosen` },
  });
  return { id: created.user.id, email, cookie };
}
