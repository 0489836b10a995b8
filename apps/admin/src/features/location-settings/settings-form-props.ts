/**
 * What every form of a location's setup takes (decision 015), so that one form serves the new-location
 * wizard (/nytt-lokale/{linkId}/{step}) and the settings pages (/innstillinger/lokalet/…) alike.
 * Each form loads its own data, validates with the domain schema, saves through the API in one request
 * and shows the server's message when that fails.
 */
export interface SettingsFormProps {
  locationId: number;
  /**
   * 'wizard': the save button reads 'Lagre og gå videre' and onSaved moves to the next step; the
   * unsaved-changes guard is off. 'settings': 'Lagre', a success message, the guard on.
   */
  mode: 'wizard' | 'settings';
  /** Called after a successful save. */
  onSaved?: () => void;
}
