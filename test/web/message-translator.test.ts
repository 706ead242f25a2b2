import { afterAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../src/web/i18n/i18n';
import { translateMessage } from '../../src/web/i18n/message-translator';
import { errorMessage } from '../../src/web/lib/api-client';

const known = 'Invalid email or password.';
const withDotsAndColon =
  'You are the last active administrator: make someone else an administrator before deleting your account.';

describe('translateMessage', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('leaves English as the server wrote it', async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    expect(translateMessage(known)).toBe(known);
    expect(errorMessage(new Error(known))).toBe(known);
    expect(errorMessage('not an error')).toBe('Something went wrong');
  });

  it("gives a message the catalog knows in the reader's language, dots and colons included", async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage(known)).toBe('Correo o contraseña incorrectos.');
    expect(translateMessage(withDotsAndColon)).toMatch(/^Eres el último administrador activo/);
    expect(errorMessage(new Error(known))).toBe('Correo o contraseña incorrectos.');
    await i18n.changeLanguage('ar');
    expect(translateMessage(known)).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
    expect(errorMessage('not an error')).toBe('حدث خطأ ما');
  });

  it('shows a message the catalog does not know as it came', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage('A message from a newer server.')).toBe('A message from a newer server.');
  });
});
