import type { AdminRoom } from '@lokaler/domain/admin-room';
import type { Tag } from '@lokaler/domain/tag';
import { buildRooms } from './admin-rooms';

/** A room of Bjølsen skole (location 7) as GET /api/admin/bookableasset/7/bookableassets answers it. */
export function buildAdminRoom(overrides: Partial<AdminRoom> & { id: number; name: string }): AdminRoom {
  const [base] = buildRooms([{ id: overrides.id, name: overrides.name }]);
  return { ...base!, status: 'PUBLISHED', tagIds: [], hasFutureReservations: false, ...overrides };
}

export const testTags: Tag[] = [
  { id: 1, name: 'Idrett', tagType: 'purpose' },
  { id: 2, name: 'Møte', tagType: 'purpose' },
  { id: 3, name: 'Projektor', tagType: 'facility' },
  { id: 4, name: 'Rullestoltilgang', tagType: 'uu' },
];

export const testAssetTypes = [
  { id: 1, name: 'Gymsal' },
  { id: 2, name: 'Klasserom' },
];
