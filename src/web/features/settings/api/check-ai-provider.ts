import { useMutation } from '@tanstack/react-query';
import type { AiProviderCheck } from '../../../../shared/ai-drafting';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

/** Sends the configured provider a one-line request: whether it answered, how fast, and what it said. */
export const checkAiProvider = () => api.post<AiProviderCheck>(apiPaths.adminAiCheck);

export function useCheckAiProvider() {
  return useMutation({ mutationFn: checkAiProvider });
}
