import type { Config } from '../../config';
import type { ArchiveClient } from './archive-client';
import { createFiksArkivClient } from './fiks-arkiv-client';
import { LocalArchive } from './local-archive';

export type { ArchiveClient, ArchiveFile, ArchiveMessage } from './archive-client';
export { ArchiveDeliveryError } from './archive-client';
export { LocalArchive } from './local-archive';

/** The archive's adapter by ARCHIVE_MODE (decision 056): null when off. */
export function configuredArchiveClient(settings: Config['archive']): ArchiveClient | null {
  if (settings.mode === 'off') return null;
  if (settings.mode === 'fiks' && settings.fiks) return createFiksArkivClient(settings.fiks);
  return new LocalArchive(settings.localFolder);
}
