import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { KeyServiceClient } from './key-service-client';
import { LocalKeyService } from './local-key-service';

export type { KeyGrant, KeyGrantState, KeyServiceClient } from './key-service-client';

/** The key service chosen by config.adapters.keyService (only 'local' exists so far). */
export function createKeyService(kind: Config['adapters']['keyService'], db: DbOrTx): KeyServiceClient {
  switch (kind) {
    case 'local':
      return new LocalKeyService(db);
  }
}
