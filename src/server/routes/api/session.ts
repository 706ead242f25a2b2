import { sessionResponseSchema } from '../../../shared/account';
import { THEME_COOKIE, themeAttribute } from '../../../shared/theme';
import { setLanguageCookie, setThemeCookie } from '../../plugins/auth';
import { stepOf } from '../../services/accounts/second-factor/state';
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
          "Signed in, also brings this browser's theme and lang cookies up to date with the account's theme and language, when they were changed on another device.",
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (user && themeAttribute(request.cookies[THEME_COOKIE]) !== themeAttribute(user.theme))
        setThemeCookie(reply, user.theme);
      // Only a change is written (setLanguageCookie leaves a cookie that already says it).
      if (user) setLanguageCookie(reply, user.language);
      return {
        account: user ? toAccount(user) : null,
        secondFactorStep: stepOf(request.sessionSecondFactor ?? 'not_asked'),
      };
    },
  );
}
