import { z } from 'zod';

export const PAGE_MAX = 100_000;

/** `?page=&pageSize=` for any list; each list picks its own default and largest size. */
export function pageQuery(defaultSize: number, maxSize: number) {
  return {
    page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  };
}

/** One page of a list, with the total so the UI can show page numbers. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Rows to skip for a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
