import { findCitizenByPid } from '../../idp/accounts';
import type { ContactDetails, PersonRegister } from './person-register';

/** The local provider's test citizens, as KRR would answer for them (like the local organisation register). */
export class LocalPersonRegister implements PersonRegister {
  async lookupContact(pid: string): Promise<ContactDetails> {
    const citizen = findCitizenByPid(pid);
    return citizen ? { email: citizen.email, mobile: citizen.phone } : {};
  }
}
