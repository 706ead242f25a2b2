import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Mails to an address nobody has proven yet (a sign-up's verification link, the notice to an
// existing account) greet without a name: whoever signed up typed it, and it must not carry
// their words to someone else's inbox.

export function verificationMail(input: { to: string; siteName: string; link: string }): MailMessage {
  const { siteName, link } = input;
  return {
    to: input.to,
    subject: `Verify your email for ${siteName}`,
    text: [
      'Hello,',
      '',
      `Please confirm your email address to finish setting up your ${siteName} account:`,
      '',
      link,
      '',
      'The link works once and expires in 48 hours. If you did not sign up, you can ignore this message.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Hello,</p>
<p>Please confirm your email address to finish setting up your ${escapeHtml(siteName)} account:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">Verify my email</a></p>
<p>Or open this address: <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="color:#555">The link works once and expires in 48 hours. If you did not sign up, you can ignore this message.</p>
</body></html>`,
  };
}

/** An administrator's 'Add User' with an invitation: the link lets the new user choose a password. */
export function invitationMail(input: {
  to: string;
  name: string;
  siteName: string;
  link: string;
  invitedBy: string;
  validDays: number;
}): MailMessage {
  const { name, siteName, link, invitedBy, validDays } = input;
  const validity = `The link works once and expires in ${validDays} days. If you did not expect this invitation, you can ignore this message.`;
  return {
    to: input.to,
    subject: `You have been invited to ${siteName}`,
    text: [
      `Hello ${name},`,
      '',
      `${invitedBy} has created a ${siteName} account for you. Choose your password to sign in:`,
      '',
      link,
      '',
      validity,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(invitedBy)} has created a ${escapeHtml(siteName)} account for you. Choose your password to sign in:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">Choose my password</a></p>
<p>Or open this address: <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>
<p style="color:#555">${escapeHtml(validity)}</p>
</body></html>`,
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
}): MailMessage {
  const { siteName, loginLink, forgotPasswordLink } = input;
  const intro = `Someone just tried to sign up for ${siteName} with this email address. It already has an account, so no new account was created and nothing was changed.`;
  const ifYou = 'If it was you, log in with your existing account:';
  const forgot = 'If you have forgotten your password, choose a new one here:';
  const ifNotYou = 'If it was not you, you can ignore this message: your account is safe.';
  return {
    to: input.to,
    subject: `Sign-up attempt with your email on ${siteName}`,
    text: ['Hello,', '', intro, '', ifYou, '', loginLink, '', forgot, '', forgotPasswordLink, '', ifNotYou].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>Hello,</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(ifYou)}</p>
<p><a href="${escapeHtml(loginLink)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">Log in</a></p>
<p>${escapeHtml(forgot)} <a href="${escapeHtml(forgotPasswordLink)}">${escapeHtml(forgotPasswordLink)}</a></p>
<p style="color:#555">${escapeHtml(ifNotYou)}</p>
</body></html>`,
  };
}

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

function page(paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${paragraphs.join('\n')}
</body></html>`;
}

/** 'Forgot password?' or an administrator's 'Send password reset': the link lets the owner choose a new password. */
export function passwordResetMail(input: { to: string; siteName: string; link: string }): MailMessage {
  const { siteName, link } = input;
  const intro = `Someone asked to reset the password of your ${siteName} account. Choose a new password here:`;
  const validity =
    'The link works once and expires in 1 hour. Choosing a new password signs you out everywhere. If you did not ask for this, you can ignore this message: your password stays as it is.';
  return {
    to: input.to,
    subject: `Reset your ${siteName} password`,
    text: ['Hello,', '', intro, '', link, '', validity].join('\n'),
    html: page([
      '<p>Hello,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      button(link, 'Choose a new password'),
      `<p>Or open this address: <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>`,
      `<p style="color:#555">${escapeHtml(validity)}</p>`,
    ]),
  };
}

/** After a password reset: the owner learns of it, in case it was not them. */
export function passwordChangedMail(input: { to: string; siteName: string; forgotPasswordLink: string }): MailMessage {
  const { siteName, forgotPasswordLink } = input;
  const intro = `The password of your ${siteName} account was just changed through a password reset link, and every session of the account was signed out.`;
  const ifNotYou = 'If this was not you, choose a new password at once and tell the administrator:';
  return {
    to: input.to,
    subject: `Your ${siteName} password was changed`,
    text: ['Hello,', '', intro, '', ifNotYou, '', forgotPasswordLink].join('\n'),
    html: page([
      '<p>Hello,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(ifNotYou)}</p>`,
      button(forgotPasswordLink, 'Reset my password'),
    ]),
  };
}

/** 'Change email': sent to the new address; the account moves there once the link is opened. */
export function emailChangeMail(input: { to: string; siteName: string; link: string }): MailMessage {
  const { siteName, link } = input;
  const intro = `Please confirm that your ${siteName} account should use this email address from now on:`;
  const validity =
    'The link works once and expires in 48 hours. Until it is opened your account keeps its current address. If you did not ask for this, you can ignore this message.';
  return {
    to: input.to,
    subject: `Confirm your new email for ${siteName}`,
    text: ['Hello,', '', intro, '', link, '', validity].join('\n'),
    html: page([
      '<p>Hello,</p>',
      `<p>${escapeHtml(intro)}</p>`,
      button(link, 'Confirm my new email'),
      `<p>Or open this address: <br><span style="word-break:break-all">${escapeHtml(link)}</span></p>`,
      `<p style="color:#555">${escapeHtml(validity)}</p>`,
    ]),
  };
}

/** 'Change email': the old address learns of the request, in case it was not its owner. */
export function emailChangeNoticeMail(input: { to: string; siteName: string; newEmail: string }): MailMessage {
  const { siteName, newEmail } = input;
  const intro = `Someone signed in to your ${siteName} account asked to change its email address to ${newEmail}. The change happens only once the link sent to that address is opened.`;
  const ifNotYou = 'If this was not you, change your password at once and tell the administrator.';
  return {
    to: input.to,
    subject: `Email change requested on ${siteName}`,
    text: ['Hello,', '', intro, '', ifNotYou].join('\n'),
    html: page(['<p>Hello,</p>', `<p>${escapeHtml(intro)}</p>`, `<p>${escapeHtml(ifNotYou)}</p>`]),
  };
}

/** After 'Delete my account': the confirmation, to the address the account had. */
export function accountDeletedMail(input: { to: string; siteName: string }): MailMessage {
  const { siteName } = input;
  const intro = `Your ${siteName} account and your reviews have been deleted, as you asked. Tutors you suggested stay on the site without your name.`;
  const ifNotYou = 'If you did not ask for this, please tell the administrator.';
  return {
    to: input.to,
    subject: `Your ${siteName} account has been deleted`,
    text: ['Hello,', '', intro, '', ifNotYou].join('\n'),
    html: page(['<p>Hello,</p>', `<p>${escapeHtml(intro)}</p>`, `<p>${escapeHtml(ifNotYou)}</p>`]),
  };
}
