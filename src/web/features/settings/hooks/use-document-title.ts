import { useEffect } from 'react';
import { useSiteName } from '../api/get-public-settings';

/** Keeps the browser tab's title in step with the page, e.g. "Login · Tutorly". */
export function useDocumentTitle(title?: string): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
