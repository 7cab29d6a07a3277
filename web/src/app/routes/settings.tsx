// The '/settings' route: the settings feature, with each child's family (families feature) and
// answer about research under it, and the user's data to download and import (data-transfer feature).
import { useChildren } from '../../features/children/api/get-children.ts';
import { YourDataCard } from '../../features/data-transfer/components/your-data-card.tsx';
import { FamilySection } from '../../features/families/components/family-section.tsx';
import { ResearchConsentSection } from '../../features/settings/components/research-consent-section.tsx';
import { SettingsPage } from '../../features/settings/components/settings-page.tsx';

export function SettingsRoute() {
  const children = useChildren();
  return (
    <SettingsPage
      childExtras={(child) => (
        <>
          <FamilySection child={child} />
          <ResearchConsentSection child={child} />
        </>
      )}
      moreCards={<YourDataCard childList={children.data ?? []} />}
    />
  );
}
