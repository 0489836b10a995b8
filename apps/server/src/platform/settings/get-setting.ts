import type { SettingResponse } from '@lokaler/domain/settings';
import type { DbOrTx } from '../../db/client';
import { findSettingValue } from './repository';

/** A setting's value; null for a name the server does not have (the SPAs treat it as off). */
export async function getSetting({ db, name }: { db: DbOrTx; name: string }): Promise<SettingResponse> {
  return { name, value: await findSettingValue(db, name) };
}
