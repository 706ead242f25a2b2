import type { FastifyRequest } from 'fastify';
import { apiPaths } from '../../shared/api-paths';
import { SECOND_FACTOR_ENROLMENT_REQUIRED_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE } from '../../shared/second-factor';
import { AppError } from '../lib/errors';
import { adminsMustUseSecondFactor, holdsAdminPowers } from '../services/accounts/second-factor/state';

/** What any session reaches before its second factor: who it is, the public settings, signing out. */
const ALWAYS_REACHABLE = [
  `GET ${apiPaths.session}`,
  `GET ${apiPaths.publicSettings}`,
  `POST ${apiPaths.logout}`,
  `GET ${apiPaths.secondFactor}`,
];

/** A session that has its second factor to pass: the sign-in's second step. */
const REACHABLE_WHILE_PENDING = new Set([
  ...ALWAYS_REACHABLE,
  `POST ${apiPaths.secondFactorVerify}`,
  `POST ${apiPaths.secondFactorVerifyPasskeyOptions}`,
  `POST ${apiPaths.secondFactorVerifyPasskey}`,
]);

/**
 * An administrator who must set up a second factor: setting one up (after choosing their own
 * password, which plugins/auth.ts asks for first where it is due).
 */
const REACHABLE_WHILE_ENROLLING = new Set([
  ...ALWAYS_REACHABLE,
  `POST ${apiPaths.accountPassword}`,
  `POST ${apiPaths.secondFactorTotpStart}`,
  `POST ${apiPaths.secondFactorTotp}`,
  `POST ${apiPaths.secondFactorPasskeyOptions}`,
  `POST ${apiPaths.secondFactorPasskey}`,
]);

/**
 * onRequest hook for the API, after the session is loaded: a session with its second factor
 * still to pass (or, for an administrator who must use one, still to set up) reaches nothing
 * but that step, its session answer and logout. Decided on the matched route, so no spelling of
 * a path gets around it. An administrator's session that has not passed a second factor where
 * one is required (signed in before the promotion, or before the requirement) acts with a
 * student's powers: every administrator rule below, and the session answer, sees the role this leaves.
 */
export async function requireSecondFactor(request: FastifyRequest): Promise<void> {
  const user = request.user;
  if (!user) return;
  const state = request.sessionSecondFactor ?? 'not_asked';
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  if (state === 'pending' && !REACHABLE_WHILE_PENDING.has(route))
    throw new AppError('second_factor_required', SECOND_FACTOR_REQUIRED_MESSAGE);
  if (state === 'enrol' && !REACHABLE_WHILE_ENROLLING.has(route))
    throw new AppError('second_factor_enrolment_required', SECOND_FACTOR_ENROLMENT_REQUIRED_MESSAGE);
  // A session held at a step reaches nothing that asks for a role; one signed in without being asked acts as a student.
  if (
    state === 'not_asked' &&
    user.role === 'admin' &&
    !holdsAdminPowers(state, await adminsMustUseSecondFactor(request.server.db))
  )
    request.user = { ...user, role: 'student' };
}
