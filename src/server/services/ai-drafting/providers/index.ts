import type { AiProviderConfig } from '../../../config';
import type { TextProvider } from './text-provider';

export { AiProviderFailure, type JsonRequest, type TextProvider, type TextRequest } from './text-provider';

/**
 * The configured provider, or null when drafting is off. Only the configured provider's SDK is
 * loaded (each weighs 10 to 25 MB of a server's memory).
 */
export async function createTextProvider(config: AiProviderConfig | null): Promise<TextProvider | null> {
  if (!config) return null;
  if (config.kind === 'gemini') return (await import('./gemini-provider')).createGeminiProvider(config);
  return (await import('./openai-compatible-provider')).createOpenAiCompatibleProvider(config);
}
