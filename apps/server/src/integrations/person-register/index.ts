import type { Config } from '../../config';
import { KrrPersonRegister } from './krr-person-register';
import { LocalPersonRegister } from './local-person-register';
import { createMaskinportenClient } from './maskinporten-client';
import type { PersonRegister } from './person-register';

export type { ContactDetails, PersonRegister } from './person-register';

/** The person register chosen by PERSON_REGISTER_ADAPTER. */
export function createPersonRegister(settings: Config['personRegister']): PersonRegister {
  switch (settings.adapter) {
    case 'local':
      return new LocalPersonRegister();
    case 'krr':
      return new KrrPersonRegister(settings.krrUrl, createMaskinportenClient(settings.maskinporten));
  }
}
