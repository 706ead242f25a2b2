import type { AiProviderConfig } from '../config';
import { createGeminiProvider } from './gemini-provider';
import { createOpenAiCompatibleProvider } from './openai-compatible-provider';
import type { TextProvider } from './text-provider';

export { AiProviderFailure, type TextProvider, type TextRequest } from './text-provider';

/** The configured provider, or null when drafting is off. */
export function createTextProvider(config: AiProviderConfig | null): TextProvider | null {
  if (!config) return null;
  return config.kind === 'gemini' ? createGeminiProvider(config) : createOpenAiCompatibleProvider(config);
}
