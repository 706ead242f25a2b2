import { staleOn } from '../../../lib/data-changes';

/** Every cached settings answer sits under ['settings']: saving the settings makes them all stale. */
export const settingsKeys = {
  all: ['settings'] as const,
  public: () => ['settings', 'public'] as const,
  admin: () => ['settings', 'admin'] as const,
  sitePages: () => ['settings', 'site-pages'] as const,
};

staleOn(['settings'], settingsKeys.all);
