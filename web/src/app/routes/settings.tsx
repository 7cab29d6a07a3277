// The '/settings' route: the settings feature, with each child's family (families feature) under it.
import { FamilySection } from '../../features/families/components/family-section.tsx';
import { SettingsPage } from '../../features/settings/components/settings-page.tsx';

export function SettingsRoute() {
  return <SettingsPage childExtras={(child) => <FamilySection child={child} />} />;
}
