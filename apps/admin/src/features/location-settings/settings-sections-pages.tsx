import { Tabs } from '@digdir/designsystemet-react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths, type OpeningHoursTab } from '../../config/paths';
import { AboutForm } from './about-form';
import { AdminsForm } from './admins-form';
import { ClosedDatesForm } from './closed-dates-form';
import { LocationInfoForm } from './location-info-form';
import { OpeningHoursForm } from './opening-hours-form';
import { PreferencesForm } from './preferences-form';
import { RoomsEditor } from './rooms-editor';
import { useSettingsLocationId } from './use-settings-location';

/** The sections of the settings layout: each the shared form, in settings mode, for the chosen location. */
export const LocationInfoSection = () => <LocationInfoForm locationId={useSettingsLocationId()} mode="settings" />;
export const PreferencesSection = () => <PreferencesForm locationId={useSettingsLocationId()} mode="settings" />;
export const AboutSection = () => <AboutForm locationId={useSettingsLocationId()} mode="settings" />;
export const AdminsSection = () => <AdminsForm locationId={useSettingsLocationId()} mode="settings" />;
export const RoomsSection = () => <RoomsEditor locationId={useSettingsLocationId()} mode="settings" />;

const tabs: { value: OpeningHoursTab; label: string }[] = [
  { value: 'apningstider', label: 'Åpningstider' },
  { value: 'stengte-datoer', label: 'Stengte datoer' },
];
const isTab = (v: string | undefined): v is OpeningHoursTab => tabs.some((t) => t.value === v);

/** apningstider/{tab}: the tabs 'Åpningstider' and 'Stengte datoer', each its own address. */
export function OpeningHoursSection() {
  const locationId = useSettingsLocationId();
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!isTab(tab)) return <Navigate to={paths.openingHoursSettings.getHref('apningstider', locationId)} replace />;
  return (
    <Tabs
      className="lk-settings-tabs"
      value={tab}
      onChange={(value) => void navigate(paths.openingHoursSettings.getHref(value as OpeningHoursTab, locationId))}
    >
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={tab}>
        {tab === 'apningstider' ? (
          <OpeningHoursForm locationId={locationId} mode="settings" />
        ) : (
          <ClosedDatesForm locationId={locationId} mode="settings" />
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
