/** Every cached settings answer sits under ['settings']: saving the settings invalidates them all. */
export const settingsKeys = {
  all: ['settings'] as const,
  public: () => ['settings', 'public'] as const,
  admin: () => ['settings', 'admin'] as const,
};
