import { sessionResponseSchema } from '../../../shared/account';
import { THEME_COOKIE, themeAttribute } from '../../../shared/theme';
import { setThemeCookie } from '../../plugins/auth';
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
        description:
          "Signed in, also brings this browser's theme cookie up to date with the account's theme, when it was changed on another device.",
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (user && themeAttribute(request.cookies[THEME_COOKIE]) !== themeAttribute(user.theme))
        setThemeCookie(reply, user.theme);
      return { account: user ? toAccount(user) : null };
    },
  );
}
