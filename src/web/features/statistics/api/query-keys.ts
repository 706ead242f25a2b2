export const statisticsKeys = {
  all: ['statistics'] as const,
  mine: () => ['statistics', 'mine'] as const,
};
