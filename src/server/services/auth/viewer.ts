import type { UserRow } from '../../db/schema';

/**
 * Who is asking: the signed-in account as every service's access rule sees it. The rules of
 * one area (which tutors, which reviews) live with that area and build on these.
 */
export type Viewer = Pick<UserRow, 'id' | 'role'>;

export function isAdmin(viewer: Viewer): boolean {
  return viewer.role === 'admin';
}
