import { useOutletContext } from 'react-router';

export interface SettingsOutletContext {
  /** The location whose settings are shown (?lokale=, or the first one the caller administers). */
  locationId: number;
}

/** The location chosen in the settings layout, for a section's page. */
export function useSettingsLocationId(): number {
  return useOutletContext<SettingsOutletContext>().locationId;
}
