/** Every cached AI drafting answer sits under ['ai']. */
export const aiDraftingKeys = {
  all: ['ai'] as const,
  status: () => ['ai', 'status'] as const,
};
