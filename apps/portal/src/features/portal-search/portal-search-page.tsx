import { Heading } from '@digdir/designsystemet-react';

/** /portal — entry page, list view and map view (being built). */
export function PortalSearchPage() {
  return <Heading level={1}>Finn lokaler etter ønsket aktivitet</Heading>;
}
