import { Outlet } from 'react-router';
import { AppShell } from '@lokaler/ui/app-shell';
import { Header } from '../components/header';

export function RootLayout() {
  return (
    <AppShell
      header={<Header />}
      footer={
        <footer className="lk-footer" data-color-scheme="dark">
          <div className="lk-container">Lokaler administrasjon – Oslo kommune</div>
        </footer>
      }
    >
      <Outlet />
    </AppShell>
  );
}
