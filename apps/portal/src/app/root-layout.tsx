import { Outlet } from 'react-router';
import { AppShell } from '@lokaler/ui/app-shell';
import { FeatureSwitchPanel } from '@lokaler/ui/feature-switch-panel';
import { BetaBanner } from '../components/beta-banner';
import { Footer } from '../components/footer';
import { Header } from '../components/header';

export function RootLayout() {
  return (
    <AppShell
      header={<Header />}
      footer={<Footer />}
      top={
        <>
          <FeatureSwitchPanel />
          <BetaBanner />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}
