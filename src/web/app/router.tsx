import { createBrowserRouter, type LoaderFunctionArgs, redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { sessionQueryOptions } from '../lib/session';
import { RouteError } from '../routes/route-error';
import { AppShellFallback } from './app-shell-fallback';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';

// Guards run before the page renders, on the server's answer about the session.

/** An account signed in with a password someone else handed over chooses its own first, then comes back. */
function choosePasswordFirst(request: Request) {
  const { pathname, search } = new URL(request.url);
  return redirect(`${paths.choosePassword}?${new URLSearchParams({ next: pathname + search }).toString()}`);
}

/** A session with its second factor to pass, or (an administrator) to set up: that first, then back. */
function secondFactorFirst(request: Request, step: 'verify' | 'enrol') {
  const { pathname, search } = new URL(request.url);
  const page = step === 'verify' ? paths.secondFactor : paths.secondFactorSetup;
  return redirect(`${page}?${new URLSearchParams({ next: pathname + search }).toString()}`);
}

async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const { account, secondFactorStep } = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!account) throw redirect(paths.home);
  if (account.passwordChangeRequired) throw choosePasswordFirst(request);
  if (secondFactorStep) throw secondFactorFirst(request, secondFactorStep);
  return null;
}

async function requireAdmin({ request }: LoaderFunctionArgs) {
  const { account, secondFactorStep } = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!account) throw redirect(paths.login);
  if (account.passwordChangeRequired) throw choosePasswordFirst(request);
  if (secondFactorStep) throw secondFactorFirst(request, secondFactorStep);
  if (account.role !== 'admin') throw redirect(paths.home);
  return null;
}

/** The second step's pages, only while the session has that step to take (and its own password chosen). */
function requireSecondFactorStep(step: 'verify' | 'enrol') {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.account) throw redirect(paths.login);
    if (session.account.passwordChangeRequired) throw choosePasswordFirst(request);
    if (session.secondFactorStep !== step) throw redirect(paths.home);
    return null;
  };
}

/** The page that asks for the new password, only while one must be chosen. */
async function requirePasswordToChoose() {
  const { account } = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!account) throw redirect(paths.login);
  if (!account.passwordChangeRequired) throw redirect(paths.home);
  return null;
}

// Routes reachable under two paths share one lazily loaded module.
const userDashboard = { lazy: () => import('../routes/user/dashboard') };
const userTutorForm = { lazy: () => import('../routes/user/tutor-form') };
const manageSubmissions = { lazy: () => import('../routes/admin/manage-submissions') };
const adminTeacherForm = { lazy: () => import('../routes/admin/teacher-form') };
const submitReview = { lazy: () => import('../routes/user/submit-review') };
const sitePage = { lazy: () => import('../routes/site-page') };

/** A layout's pages fail under a boundary of their own, so the layout (header, navigation) stays. */
const pageError = <RouteError inShell />;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppShellFallback />,
    children: [
      // A visit to `/` gets landing.html; the app comes here only when it navigates to `/` itself.
      { index: true, lazy: () => import('../routes/landing') },
      { path: 'login', lazy: () => import('../routes/login') },
      { path: 'signup', lazy: () => import('../routes/signup') },
      { path: 'verify', lazy: () => import('../routes/verify') },
      { path: 'welcome', lazy: () => import('../routes/welcome') },
      { path: 'forgot-password', lazy: () => import('../routes/forgot-password') },
      { path: 'reset-password', lazy: () => import('../routes/reset-password') },
      { path: 'confirm-email', lazy: () => import('../routes/confirm-email') },
      { path: 'cancel-email-change', lazy: () => import('../routes/cancel-email-change') },
      { path: 'link-university', lazy: () => import('../routes/link-university') },
      { path: 'about', lazy: () => import('../routes/about') },
      { path: 'privacy', ...sitePage },
      { path: 'terms', ...sitePage },
      { path: 'contact', ...sitePage },
      { path: 'choose-password', loader: requirePasswordToChoose, lazy: () => import('../routes/choose-password') },
      {
        path: 'second-factor',
        loader: requireSecondFactorStep('verify'),
        lazy: () => import('../routes/second-factor'),
      },
      {
        path: 'second-factor/setup',
        loader: requireSecondFactorStep('enrol'),
        lazy: () => import('../routes/second-factor-setup'),
      },
      {
        path: 'user',
        loader: requireSignedIn,
        lazy: () => import('../routes/user/layout'),
        children: [
          {
            errorElement: pageError,
            children: [
              { index: true, ...userDashboard },
              { path: 'dashboard', ...userDashboard },
              { path: 'profile', lazy: () => import('../routes/user/profile') },
              { path: 'tutors', lazy: () => import('../routes/user/tutors') },
              { path: 'mytutors', lazy: () => import('../routes/user/my-tutors') },
              { path: 'myreviews', lazy: () => import('../routes/user/my-reviews') },
              { path: 'tutorform/:tutorId?', ...userTutorForm },
              { path: 'add-teacher', ...userTutorForm },
              { path: 'tutorprofile/:tutorId?', lazy: () => import('../routes/user/tutor-profile') },
              { path: 'SubmitReview', ...submitReview },
              { path: 'SubmitReview/:reviewId', ...submitReview },
              { path: 'allreviews', lazy: () => import('../routes/user/all-reviews') },
              { path: 'statistics', lazy: () => import('../routes/user/statistics') },
              { path: 'notifications', lazy: () => import('../routes/user/notifications') },
            ],
          },
        ],
      },
      {
        path: 'admin',
        loader: requireAdmin,
        lazy: () => import('../routes/admin/layout'),
        children: [
          {
            errorElement: pageError,
            children: [
              { index: true, lazy: () => import('../routes/admin/dashboard') },
              { path: 'users', lazy: () => import('../routes/admin/users') },
              { path: 'managesubmissions', ...manageSubmissions },
              { path: 'manage-submissions', ...manageSubmissions },
              { path: 'review-managment', lazy: () => import('../routes/admin/review-management') },
              { path: 'profile-claims', lazy: () => import('../routes/admin/profile-claims') },
              { path: 'teacher-profile-managment', lazy: () => import('../routes/admin/teacher-profile-management') },
              { path: 'teacher/fullprofile/:tutorId?', lazy: () => import('../routes/admin/teacher-full-profile') },
              { path: 'teacher-form/:tutorId?', ...adminTeacherForm },
              { path: 'add-teacher', ...adminTeacherForm },
              { path: 'settings', lazy: () => import('../routes/admin/settings') },
              { path: 'profile', lazy: () => import('../routes/admin/profile') },
              { path: 'audit-log', lazy: () => import('../routes/admin/audit-log') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('../routes/not-found') },
    ],
  },
];

/**
 * The app's router. Made by main.tsx in a task after the one that evaluates the app's modules:
 * making it starts the first navigation (matching, guards, the route's loaders), and the two
 * together were the longest task of a page's start-up.
 */
export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
