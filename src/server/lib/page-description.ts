import type { Language } from '../../shared/languages';

/**
 * What search engines and link previews show of the site, in the page's language: the pages'
 * `<meta name="description">`. English is the built pages' own (src/web/index.html, landing.html);
 * the server writes the others in when it serves a page in them.
 */
export const pageDescriptions: Record<Language, string> = {
  en: 'Find university tutors, read honest star-rated reviews from students, and share your own.',
  es: 'Encuentra profesores universitarios, lee reseñas sinceras con estrellas de otros estudiantes y comparte la tuya.',
  ar: 'ابحث عن مدرّسين جامعيين، واقرأ تقييمات صادقة بالنجوم كتبها الطلاب، وشارك تقييمك.',
};

/** The page with its description in `language`; English pages are left as built. */
export function withPageDescription(html: string, language: Language): string {
  return html.replace(
    /(<meta\s+name="description"\s+content=")[^"]*(")/i,
    (_, start: string, end: string) => `${start}${pageDescriptions[language]}${end}`,
  );
}
