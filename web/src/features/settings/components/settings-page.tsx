import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import type { Child } from '../../../types/api.ts';
import { useUserSettings } from '../api/get-user-settings.ts';
import { AccountSettingsCard } from './account-settings-card.tsx';
import { ChildrenCard } from './children-card.tsx';
import { DangerZoneCard } from './danger-zone-card.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/**
 * `childExtras` shows more under each child (its family), and `moreCards` more cards before the
 * danger zone (the user's data), from other features (app/routes/settings.tsx).
 */
export function SettingsPage({ childExtras, moreCards }: { childExtras?: (child: Child) => ReactNode; moreCards?: ReactNode } = {}) {
  const navigate = useNavigate();
  const t = useT();
  const userSettings = useUserSettings();

  return (
    <div className="page settings-page">
      <div className="page-header">
        <Button variant="ghost" className="back-button" onClick={() => void navigate('/')}>
          {`← ${t('common.back')}`}
        </Button>
        <h1 className="page-title">{t('route.settings')}</h1>
        <p className="page-subtitle">{t('settings.subtitle')}</p>
      </div>

      {userSettings.isPending ? (
        <LoadingState message={t('settings.loading')} />
      ) : userSettings.isError ? (
        <ErrorState
          title={t('settings.errorTitle')}
          message={t('settings.errorText')}
        >
          <Button variant="secondary" onClick={() => void navigate('/')}>
            {t('insights.back')}
          </Button>
        </ErrorState>
      ) : (
        <div className="settings-cards">
          <AccountSettingsCard email={userSettings.data.email} />
          <ChildrenCard childExtras={childExtras} />
          {moreCards}
          <DangerZoneCard />
        </div>
      )}
    </div>
  );
}
