import type { SessionResponse } from '../../shared/account';
import { apiPaths } from '../../shared/api-paths';
import { api } from './api-client';

// Without TanStack Query, so the landing page's bundle can ask too.
export const fetchSession = () => api.get<SessionResponse>(apiPaths.session);
