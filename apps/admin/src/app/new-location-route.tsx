import { AboutForm } from '../features/location-settings/about-form';
import { AdminsForm } from '../features/location-settings/admins-form';
import { ClosedDatesForm } from '../features/location-settings/closed-dates-form';
import { LocationInfoForm } from '../features/location-settings/location-info-form';
import { OpeningHoursForm } from '../features/location-settings/opening-hours-form';
import { PreferencesForm } from '../features/location-settings/preferences-form';
import { RoomsEditor } from '../features/location-settings/rooms-editor';
import { NewLocationPage } from '../features/new-location/new-location-page';
import type { WizardStepForms } from '../features/new-location/wizard-steps';

/** The wizard's steps are the settings' forms (decision 015); the app joins the two features here. */
const wizardStepForms: WizardStepForms = {
  'informasjon-om-lokalet': LocationInfoForm,
  tilganger: AdminsForm,
  innstillinger: PreferencesForm,
  apningstider: OpeningHoursForm,
  'stengte-datoer': ClosedDatesForm,
  'legg-til-rom': RoomsEditor,
  'om-lan-og-leie': AboutForm,
};

/** /nytt-lokale/:linkId/:step?: loaded on demand with the forms it shows (apps/admin/src/app/routes.tsx). */
export function NewLocationRoute() {
  return <NewLocationPage stepForms={wizardStepForms} />;
}
