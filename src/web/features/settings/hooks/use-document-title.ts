import { useSiteName } from '../api/get-public-settings';
import { useTabTitle } from '../../../hooks/use-tab-title';

/** Keeps the browser tab's title in step with the page and the site name an admin chose. */
export function useDocumentTitle(title?: string): void {
  useTabTitle(useSiteName(), title);
}
