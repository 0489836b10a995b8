import { Heading } from '@digdir/designsystemet-react';

/** /lokale/:locationId — the new portal's location page (being built). */
export function PortalLocationPage() {
  return <Heading level={1}>Finn rom til lån eller leie</Heading>;
}
