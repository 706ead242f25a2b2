import 'i18next';
import type common from './locales/en/common.json';
import type errors from './locales/en/errors.json';
import type auth from './locales/en/auth.json';
import type landing from './locales/en/landing.json';
import type account from './locales/en/account.json';
import type notifications from './locales/en/notifications.json';
import type tutors from './locales/en/tutors.json';
import type reviews from './locales/en/reviews.json';
import type admin from './locales/en/admin.json';
import type users from './locales/en/users.json';
import type settings from './locales/en/settings.json';
import type auditLog from './locales/en/audit-log.json';
import type statistics from './locales/en/statistics.json';
import type languages from './locales/en/languages.json';
import type secondFactor from './locales/en/second-factor.json';

// Texts are checked against the English catalogs: a key missing from them fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      auth: typeof auth;
      landing: typeof landing;
      account: typeof account;
      notifications: typeof notifications;
      tutors: typeof tutors;
      reviews: typeof reviews;
      admin: typeof admin;
      users: typeof users;
      settings: typeof settings;
      'audit-log': typeof auditLog;
      statistics: typeof statistics;
      languages: typeof languages;
      'second-factor': typeof secondFactor;
    };
  }
}
