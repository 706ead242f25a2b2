import { expect } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import type { MyReview } from '../../src/shared/my-reviews';
import type { TutorProfile } from '../../src/shared/tutors';
import { type Actor, callAs } from './actors';
import type { TestApp } from './app';

/** A complete review of the tutor, as the form sends it; `overrides` change or add fields. */
export function reviewDraft(tutorId: string, overrides: Record<string, unknown> = {}) {
  return {
    tutorId,
    title: 'Clear and patient',
    body: 'Explains every step and answers questions.',
    rating: 4,
    ...overrides,
  };
}

/** The actor writes the review through the API; it must be accepted. */
export async function writeReviewAs(
  t: TestApp,
  actor: Actor,
  tutorId: string,
  overrides: Record<string, unknown> = {},
): Promise<MyReview> {
  const response = await callAs(t, actor, 'POST', apiPaths.reviews, reviewDraft(tutorId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().review;
}

/** The tutor's profile as the actor reads it. */
export async function tutorProfileAs(t: TestApp, actor: Actor, tutorId: string): Promise<TutorProfile> {
  return (await callAs(t, actor, 'GET', apiPaths.tutor(tutorId))).json().tutor;
}
