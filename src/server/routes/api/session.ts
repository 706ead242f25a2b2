import { sessionResponseSchema } from '../../../shared/account';
import { toAccount } from '../../services/accounts/users';
import type { App } from '../../types';
import { errorResponses } from './responses';

export async function sessionRoutes(app: App): Promise<void> {
  app.get(
    '/session',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in account, or null when anonymous',
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ account: request.user ? toAccount(request.user) : null }),
  );
}
