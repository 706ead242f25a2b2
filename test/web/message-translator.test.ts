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

  it('fills a message with a variable part into its pattern, the variable parts as they came', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage('Name must be at most 120 characters.')).toBe(
      'El nombre debe tener como máximo 120 caracteres.',
    );
    expect(translateMessage('The privacy policy must be at most 20,000 characters.')).toBe(
      'La política de privacidad debe tener como máximo 20,000 caracteres.',
    );
    expect(translateMessage('Sign-up is limited to university email addresses (@uni.example.edu, @example.org).')).toBe(
      'El registro está limitado a correos de la universidad (@uni.example.edu, @example.org).',
    );
    // A variable part that is itself a known message is translated too: the campus button's default label.
    expect(
      translateMessage('Students sign in with their university on this site: use "Sign in with your university".'),
    ).toBe('En este sitio, los estudiantes inician sesión con su universidad: usa «Inicia sesión con tu universidad».');
    await i18n.changeLanguage('ar');
    expect(translateMessage('Name must be at most 120 characters.')).toBe('يجب ألا يتجاوز عدد أحرف الاسم 120.');
    expect(translateMessage('Request failed (502).')).toBe('فشل الطلب (502).');
    expect(translateMessage('Please try again in 2 minutes.')).toBe('حاول مرة أخرى بعد أن تنقضي دقيقتان.');
  });

  it('reads a message joined from several sentences one by one, one it does not know left in English', async () => {
    const limited = 'Too many failed login attempts. Please try again in 5 minutes.';
    const fields = 'Name is required. Password must be at least 8 characters. A message from a newer server.';
    await i18n.changeLanguage('en');
    expect(translateMessage(limited)).toBe(limited);
    expect(translateMessage(fields)).toBe(fields);
    await i18n.changeLanguage('es');
    expect(translateMessage(limited)).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Inténtalo de nuevo en 5 minutos.',
    );
    expect(translateMessage(fields)).toBe(
      'El nombre es obligatorio. La contraseña debe tener al menos 8 caracteres. A message from a newer server.',
    );
    await i18n.changeLanguage('ar');
    expect(translateMessage(limited)).toBe(
      'محاولات فاشلة كثيرة جدًا لتسجيل الدخول. حاول مرة أخرى بعد أن تنقضي 5 دقائق.',
    );
    expect(translateMessage(fields)).toBe(
      'الاسم مطلوب. يجب ألا يقل عدد أحرف كلمة المرور عن 8. A message from a newer server.',
    );
  });

  it('shows a message the catalog does not know as it came', async () => {
    await i18n.changeLanguage('es');
    expect(translateMessage('A message from a newer server.')).toBe('A message from a newer server.');
  });
});
