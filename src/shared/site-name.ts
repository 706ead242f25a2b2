/** The name until an administrator picks another; zod-free, because every page loads it. */
export const DEFAULT_SITE_NAME = 'Tutorly';
