import { apiPaths } from '../../../../shared/api-paths';
import type { PublicSettings } from '../../../../shared/settings';
import { api } from '../../../lib/api-client';

// Without TanStack Query, so the landing page's bundle can ask too.
export const fetchPublicSettings = () => api.get<PublicSettings>(apiPaths.publicSettings);
