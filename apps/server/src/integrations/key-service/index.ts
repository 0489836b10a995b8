import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { HttpKeyService } from './http-key-service';
import type { KeyServiceClient } from './key-service-client';
import { LocalKeyService } from './local-key-service';

export type { KeyGrant, KeyGrantState, KeyServiceClient } from './key-service-client';

/** The key service chosen by config.adapters.keyService: the local fake, or the city's over HTTP. */
export function createKeyService(
  config: Pick<Config, 'adapters' | 'keyServiceHttp'>,
  db: DbOrTx,
  log: FastifyBaseLogger,
): KeyServiceClient {
  switch (config.adapters.keyService) {
    case 'local':
      return new LocalKeyService(db);
    case 'http':
      // loadConfig refuses KEY_SERVICE_ADAPTER=http without KEY_SERVICE_URL and credentials.
      return new HttpKeyService(config.keyServiceHttp!, log);
  }
}
