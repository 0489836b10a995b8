import { asc, eq, lt, sql } from 'drizzle-orm';
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

/** Decision 054: the inquiries written before `cutoff`; how many went. */
export async function deleteSupportInquiriesBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  return (await db.delete(supportInquiries).where(lt(supportInquiries.createdAt, cutoff)).returning({ id: supportInquiries.id })).length;
}

/** The inquiries sent from this address (the form has no login: the address is all that ties one to a person). */
const fromAddress = (email: string) => sql`lower(${supportInquiries.userEmail}) = lower(${email})`;

/** Decision 057: the inquiries sent from the person's e-mail address, oldest first, with the location's name. */
export async function listSupportInquiriesFrom(db: DbOrTx, email: string) {
  return db
    .select({
      category: supportInquiries.category,
      message: supportInquiries.message,
      locationName: locations.name,
      createdAt: supportInquiries.createdAt,
    })
    .from(supportInquiries)
    .leftJoin(locations, eq(locations.id, supportInquiries.locationId))
    .where(fromAddress(email))
    .orderBy(asc(supportInquiries.createdAt), asc(supportInquiries.id));
}

/** Decision 057: the inquiries sent from the person's e-mail address; how many went. */
export async function deleteSupportInquiriesFrom(db: DbOrTx, email: string): Promise<number> {
  return (await db.delete(supportInquiries).where(fromAddress(email)).returning({ id: supportInquiries.id })).length;
}
