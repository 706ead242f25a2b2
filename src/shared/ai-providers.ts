/**
 * The kinds of AI provider, on their own so that modules every page loads (the public
 * settings) can name them without pulling in the review schemas.
 */
export const aiProviderKinds = ['gemini', 'openai-compatible'] as const;
export type AiProviderKind = (typeof aiProviderKinds)[number];
