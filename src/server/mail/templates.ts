import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, languageDirection, languages, type Language } from '../../shared/languages';
import ar from './locales/ar.json';
import en from './locales/en.json';
import es from './locales/es.json';
import type { MailMessage } from './mailer';

/*
 * Every mail is written in its recipient's language: the account's, else that of the request
 * that caused it (a sign-up's page). The texts come from locales/<language>.json through an
 * i18next instance of the server's own (the web app's is another); English is the spec's wording
 * and the fallback for anything a catalog lacks.
 */
const mailI18n = createInstance();
void mailI18n.init({
  resources: { en: { mail: en }, es: { mail: es }, ar: { mail: ar } },
  supportedLngs: [...languages],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['mail'],
  defaultNS: 'mail',
  // The HTML parts escape what they write (escapeHtml); the plain-text parts must not show entities.
  interpolation: { escapeValue: false },
  // Resources are given, not loaded: ready at once.
  initAsync: false,
});

function textsIn(language: Language): TFunction {
  return mailI18n.getFixedT(language, 'mail');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** The HTML part; a mail in another language than English says which, and Arabic reads right to left. */
function page(language: Language, paragraphs: string[]): string {
  const attributes = language === DEFAULT_LANGUAGE ? '' : ` lang="${language}" dir="${languageDirection(language)}"`;
  return `<!doctype html><html${attributes}><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${paragraphs.join('\n')}
</body></html>`;
}

function linkAddress(t: TFunction, link: string): string {
  return `<p>${escapeHtml(t('orOpenThisAddress'))} <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>`;
}

const muted = (text: string) => `<p style="color:#555">${escapeHtml(text)}</p>`;
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The university sign-ins linked to the account, named by provider and the address they gave, so
 * the owner notices one that is not theirs; nothing when there are none.
 */
function linkedIdentitiesNote(t: TFunction, identities: readonly string[] | undefined): string[] {
  if (!identities || identities.length === 0) return [];
  return [t('linkedIdentities.list', { identities: identities.join(', ') })];
}

/** A mail whose point is one link with a limited life: greeting, why, the button, the address, how long it works. */
function linkMail(
  kind: 'verification' | 'passwordReset' | 'emailChange',
  input: { to: string; siteName: string; link: string; language: Language; linkedIdentities?: readonly string[] },
): MailMessage {
  const { siteName, link, language } = input;
  const t = textsIn(language);
  const intro = t(`${kind}.intro`, { siteName });
  const validity = t(`${kind}.validity`);
  const identities = linkedIdentitiesNote(t, input.linkedIdentities);
  return {
    to: input.to,
    subject: t(`${kind}.subject`, { siteName }),
    text: [t('hello'), '', intro, '', link, '', validity, ...identities.flatMap((note) => ['', note])].join('\n'),
    html: page(language, [
      paragraph(t('hello')),
      paragraph(intro),
      button(link, t(`${kind}.button`)),
      linkAddress(t, link),
      muted(validity),
      ...identities.map(paragraph),
    ]),
  };
}

// Mails to an address nobody has proven yet (a sign-up's verification link, the notice to an
// existing account) greet without a name: whoever signed up typed it, and it must not carry
// their words to someone else's inbox.

export function verificationMail(input: {
  to: string;
  siteName: string;
  link: string;
  language: Language;
}): MailMessage {
  return linkMail('verification', input);
}

/** An administrator's 'Add User' with an invitation: the link lets the new user choose a password. */
export function invitationMail(input: {
  to: string;
  name: string;
  siteName: string;
  link: string;
  invitedBy: string;
  validDays: number;
  language: Language;
}): MailMessage {
  const { name, siteName, link, invitedBy, validDays, language } = input;
  const t = textsIn(language);
  const hello = t('helloName', { name });
  const intro = t('invitation.intro', { invitedBy, siteName });
  const validity = t('invitation.validity', { count: validDays });
  return {
    to: input.to,
    subject: t('invitation.subject', { siteName }),
    text: [hello, '', intro, '', link, '', validity].join('\n'),
    html: page(language, [
      paragraph(hello),
      paragraph(intro),
      button(link, t('invitation.button')),
      linkAddress(t, link),
      muted(validity),
    ]),
  };
}

/**
 * Sent instead of a verification mail when someone signs up with an address that already has
 * an account: the sign-up page answers as for a new address, so only the owner learns of it.
 */
export function signupAttemptMail(input: {
  to: string;
  siteName: string;
  loginLink: string;
  forgotPasswordLink: string;
  language: Language;
}): MailMessage {
  const { siteName, loginLink, forgotPasswordLink, language } = input;
  const t = textsIn(language);
  const intro = t('signupAttempt.intro', { siteName });
  const ifYou = t('signupAttempt.ifYou');
  const forgot = t('signupAttempt.forgot');
  const ifNotYou = t('signupAttempt.ifNotYou');
  return {
    to: input.to,
    subject: t('signupAttempt.subject', { siteName }),
    text: [t('hello'), '', intro, '', ifYou, '', loginLink, '', forgot, '', forgotPasswordLink, '', ifNotYou].join(
      '\n',
    ),
    html: page(language, [
      paragraph(t('hello')),
      paragraph(intro),
      paragraph(ifYou),
      button(loginLink, t('signupAttempt.button')),
      `<p>${escapeHtml(forgot)} <a href="${escapeHtml(forgotPasswordLink)}">${escapeHtml(forgotPasswordLink)}</a></p>`,
      muted(ifNotYou),
    ]),
  };
}

/**
 * 'Forgot password?' or an administrator's 'Send password reset': the link lets the owner choose
 * a new password. The university sign-ins linked to the account are listed: a new password does
 * not undo them.
 */
export function passwordResetMail(input: {
  to: string;
  siteName: string;
  link: string;
  language: Language;
  linkedIdentities?: readonly string[];
}): MailMessage {
  return linkMail('passwordReset', input);
}

/** After a password reset: the owner learns of it, in case it was not them, and which university sign-ins remain linked. */
export function passwordChangedMail(input: {
  to: string;
  siteName: string;
  forgotPasswordLink: string;
  language: Language;
  linkedIdentities?: readonly string[];
}): MailMessage {
  const { siteName, forgotPasswordLink, language } = input;
  const t = textsIn(language);
  const intro = t('passwordChanged.intro', { siteName });
  const ifNotYou = t('passwordChanged.ifNotYou');
  const identities = linkedIdentitiesNote(t, input.linkedIdentities);
  return {
    to: input.to,
    subject: t('passwordChanged.subject', { siteName }),
    text: [
      t('hello'),
      '',
      intro,
      '',
      ifNotYou,
      '',
      forgotPasswordLink,
      ...identities.flatMap((note) => ['', note]),
    ].join('\n'),
    html: page(language, [
      paragraph(t('hello')),
      paragraph(intro),
      paragraph(ifNotYou),
      button(forgotPasswordLink, t('passwordChanged.button')),
      ...identities.map(paragraph),
    ]),
  };
}

/** 'Change email': sent to the new address; the account moves there once the link is opened. */
export function emailChangeMail(input: {
  to: string;
  siteName: string;
  link: string;
  language: Language;
}): MailMessage {
  return linkMail('emailChange', input);
}

/**
 * 'Change email': the old address learns of the request, in case it was not its owner, with
 * 'Cancel this change', which works without signing in.
 */
export function emailChangeNoticeMail(input: {
  to: string;
  siteName: string;
  newEmail: string;
  cancelLink: string;
  language: Language;
}): MailMessage {
  const { siteName, newEmail, cancelLink, language } = input;
  const t = textsIn(language);
  const intro = t('emailChangeNotice.intro', { siteName, newEmail });
  const ifNotYou = t('emailChangeNotice.ifNotYou');
  const validity = t('emailChangeNotice.validity');
  return {
    to: input.to,
    subject: t('emailChangeNotice.subject', { siteName }),
    text: [t('hello'), '', intro, '', ifNotYou, '', cancelLink, '', validity].join('\n'),
    html: page(language, [
      paragraph(t('hello')),
      paragraph(intro),
      paragraph(ifNotYou),
      button(cancelLink, t('emailChangeNotice.button')),
      linkAddress(t, cancelLink),
      muted(validity),
    ]),
  };
}

/**
 * 'Change email' to an address that already has an account: sent there instead of a link, so
 * the form's answer never says which addresses have accounts.
 */
export function emailChangeTakenMail(input: { to: string; siteName: string; language: Language }): MailMessage {
  const { siteName, language } = input;
  const t = textsIn(language);
  const intro = t('emailChangeTaken.intro', { siteName });
  const ifNotYou = t('emailChangeTaken.ifNotYou');
  return {
    to: input.to,
    subject: t('emailChangeTaken.subject', { siteName }),
    text: [t('hello'), '', intro, '', ifNotYou].join('\n'),
    html: page(language, [paragraph(t('hello')), paragraph(intro), paragraph(ifNotYou)]),
  };
}

/** After 'Delete my account': the confirmation, to the address the account had. */
export function accountDeletedMail(input: { to: string; siteName: string; language: Language }): MailMessage {
  const { siteName, language } = input;
  const t = textsIn(language);
  const intro = t('accountDeleted.intro', { siteName });
  const ifNotYou = t('accountDeleted.ifNotYou');
  return {
    to: input.to,
    subject: t('accountDeleted.subject', { siteName }),
    text: [t('hello'), '', intro, '', ifNotYou].join('\n'),
    html: page(language, [paragraph(t('hello')), paragraph(intro), paragraph(ifNotYou)]),
  };
}
