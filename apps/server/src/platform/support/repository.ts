import { eq } from 'drizzle-orm';
import type { SupportCategory } from '@lokaler/domain/support-inquiry';
import type { DbOrTx } from '../../db/client';
import { locations } from '../../db/schema/locations';
import { supportInquiries } from '../../db/schema/settings';

/** Where a location's inquiries go. */
export async function findLocationContact(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, status: locations.status, contactEmail: locations.contactEmail })
    .from(locations)
    .where(eq(locations.id, id));
  return row;
}

export async function insertSupportInquiry(
  tx: DbOrTx,
  inquiry: { category: SupportCategory; userEmail: string; message: string; locationId: number | null },
): Promise<number> {
  const [row] = await tx.insert(supportInquiries).values(inquiry).returning({ id: supportInquiries.id });
  return row!.id;
}
