import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKrrStub, type KrrStub } from '../../../test/external-issuer';
import { KrrPersonRegister } from './krr-person-register';
import { LocalPersonRegister } from './local-person-register';
import { createMaskinportenClient } from './maskinporten-client';
import { testCitizens } from '../../seed/test-users';

const active = '01017012345';
const reserved = '02027012345';
const deleted = '03037012345';
const noMobile = '04047012345';

describe('KRR behind Maskinporten (against a local stub of both)', () => {
  let stub: KrrStub;
  let register: KrrPersonRegister;
  beforeAll(async () => {
    stub = await startKrrStub({
      [active]: { epostadresse: 'aktiv@example.no', mobiltelefonnummer: '+4791234567' },
      [reserved]: { reservasjon: 'JA', epostadresse: 'reservert@example.no' },
      [deleted]: { status: 'SLETTET', epostadresse: 'slettet@example.no' },
      [noMobile]: { epostadresse: 'bare-epost@example.no' },
    });
    register = new KrrPersonRegister(
      stub.krrUrl,
      createMaskinportenClient({
        issuer: stub.maskinportenIssuer,
        clientId: 'lokaler-maskinporten-client',
        privateKeyPem: stub.privateKeyPem,
        keyId: stub.keyId,
        scope: 'krr:global/kontaktinformasjon.read',
      }),
    );
  });
  afterAll(() => stub.close());

  it('reads e-mail and mobile of an active person who has not reserved themselves', async () => {
    expect(await register.lookupContact(active)).toEqual({ email: 'aktiv@example.no', mobile: '+4791234567' });
    expect(await register.lookupContact(noMobile)).toEqual({ email: 'bare-epost@example.no' });
  });

  it('gives nothing for a reserved, deleted or unregistered person', async () => {
    expect(await register.lookupContact(reserved)).toEqual({});
    expect(await register.lookupContact(deleted)).toEqual({});
    expect(await register.lookupContact('05057012345')).toEqual({});
  });

  it('signs the JWT grant as Maskinporten asks (aud its issuer, iss the client, the scope, kid) and keeps the token until it nears expiry', async () => {
    expect(stub.grants.length).toBe(1);
    expect(stub.grants[0]).toMatchObject({
      aud: stub.maskinportenIssuer,
      iss: 'lokaler-maskinporten-client',
      scope: 'krr:global/kontaktinformasjon.read',
      jti: expect.any(String),
    });
    expect(stub.grants[0]!.exp! - stub.grants[0]!.iat!).toBeLessThanOrEqual(120);
    expect(stub.lookups.every((l) => l.authorization === stub.lookups[0]!.authorization)).toBe(true);
  });

  it('fails loudly when Maskinporten refuses the client (the caller logs and goes on)', async () => {
    const wrongClient = new KrrPersonRegister(
      stub.krrUrl,
      createMaskinportenClient({
        issuer: stub.maskinportenIssuer,
        clientId: 'someone-else',
        privateKeyPem: stub.privateKeyPem,
        keyId: stub.keyId,
        scope: 'krr:global/kontaktinformasjon.read',
      }),
    );
    await expect(wrongClient.lookupContact(active)).rejects.toThrow(/Maskinporten answered HTTP 400/);
  });
});

describe('the local person register', () => {
  it("knows the local provider's test citizens by pid, and nobody else", async () => {
    const kari = testCitizens[0]!;
    expect(await new LocalPersonRegister().lookupContact(kari.pid)).toEqual({ email: kari.email, mobile: kari.phone });
    expect(await new LocalPersonRegister().lookupContact('01017012345')).toEqual({});
  });
});
