import { useEffect } from 'react';

/** Keeps the browser tab's title in step with the page, e.g. "Login · Tutorly", or the site name alone. */
export function useTabTitle(siteName: string, title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
