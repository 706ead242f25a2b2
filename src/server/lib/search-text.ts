/**
 * Lower-cased and stripped of accents (é → e, ß stays), so 'José' is found by 'jose' and
 * 'JOSÉ'. The same function prepares stored columns and search input, so both sides agree.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The tutor columns the search box and the duplicate check read, derived from what is shown. */
export function tutorSearchColumns(tutor: { name: string; department: string; courses: readonly string[] }): {
  normalizedName: string;
  searchText: string;
} {
  return {
    normalizedName: normalizeForSearch(tutor.name),
    searchText: normalizeForSearch([tutor.name, tutor.department, ...tutor.courses].join(' ')),
  };
}

/** Words of a search query, each matched as a substring ("partial words"); empty words dropped. */
export function searchWords(query: string | undefined): string[] {
  if (!query) return [];
  return normalizeForSearch(query).split(' ').filter(Boolean);
}

/** Escapes LIKE wildcards so a user's '%' or '_' matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
