import { useEffect } from 'react';
import { Heading } from '@digdir/designsystemet-react';
import { leavePage } from '@lokaler/ui/leave-page';
import { Loading } from '@lokaler/ui/loading';
import { paths } from '../config/paths';

/** '/admin' inside the portal: the admin app is a separate SPA, so this is a full page load. */
export function LeaveForAdmin() {
  useEffect(() => leavePage(paths.admin.getHref()), []);
  return (
    <>
      <Heading level={1} data-size="md">
        Går til administrasjon
      </Heading>
      <Loading label="Går til administrasjon" />
    </>
  );
}
