import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../shared/errors';

/**
 * Fastify's `frameworkErrors` option. The router answers some requests before any hook, route
 * or error handler runs: a path that does not decode (`/api/tutors/%80`) and a path parameter
 * longer than the router takes (100 characters). Its own answer has another shape; this keeps
 * every error `{ error: { code, message } }`. Such a path names no record, so it is not found,
 * like any other id that does not exist.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const body: ApiError = { error: { code: 'not_found', message: 'Nothing was found at this address.' } };
    void reply.status(404).send(body);
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  const body: ApiError = {
    error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
  };
  void reply.status(500).send(body);
}
