import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import type { MilestoneAlert } from '../../../types/api.ts';
import { useDismissAlert } from '../api/dismiss-alert.ts';
import { useMilestoneAlert } from '../api/get-milestone-alert.ts';
import { useMarkAlertShown } from '../api/mark-alert-shown.ts';
import { useRemindLater } from '../api/remind-later.ts';
import '../../../styles/dashboard.css';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';

export function milestoneAlertTitle({ alertType, milestone }: MilestoneAlert): string {
  return alertType === 'ONE_WEEK_WARNING' ? t('milestone.comingUp', { label: milestone.label }) : t('milestone.reached', { label: milestone.label });
}

function milestoneAlertIntro({ alertType, milestone }: MilestoneAlert): string {
  return alertType === 'ONE_WEEK_WARNING' ? t('milestone.comingUpIntro', { label: milestone.label }) : t('milestone.reachedIntro', { label: milestone.label });
}

const logFailure = (action: string) => (error: unknown) => console.error(`Could not ${action} the milestone alert`, error);

/** Opens by itself when the child has an active feeding milestone alert. */
export function MilestoneAlertDialog({ childId }: { childId: string }) {
  const { data: alert } = useMilestoneAlert(childId);
  // Closed at once on a click, before the refetch confirms the alert is no longer active.
  const [closedAlertId, setClosedAlertId] = useState<string | null>(null);
  const reportedShown = useRef(new Set<string>());
  const { mutate: markShown } = useMarkAlertShown();
  const dismiss = useDismissAlert();
  const remindLater = useRemindLater();
  const tr = useT();

  const open = Boolean(alert) && alert?.id !== closedAlertId;

  useEffect(() => {
    if (!open || !alert?.isNew || reportedShown.current.has(alert.id)) return;
    // Once per alert, even if the effect runs again before the refetch clears isNew.
    reportedShown.current.add(alert.id);
    markShown({ alertId: alert.id, childId }, { onError: logFailure('mark as shown') });
  }, [open, alert, childId, markShown]);

  if (!alert) return null;

  const close = () => setClosedAlertId(alert.id);
  const variables = { alertId: alert.id, childId };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={milestoneAlertTitle(alert)}
      description={milestoneAlertIntro(alert)}
      className="milestone-dialog"
    >
      <dl className="milestone-facts">
        <div>
          <dt>{tr('report.amountPerFeeding')}</dt>
          <dd>{alert.milestone.amountPerFeeding}</dd>
        </div>
        <div>
          <dt>{tr('report.feedingsPerDay')}</dt>
          <dd>{alert.milestone.feedingsPerDay}</dd>
        </div>
      </dl>
      {alert.milestone.details.length > 0 && (
        <ul className="milestone-details">
          {alert.milestone.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
      <p className="milestone-disclaimer">{tr('milestone.disclaimer')}</p>
      <div className="dialog-actions">
        <Button
          variant="secondary"
          onClick={() => {
            close();
            remindLater.mutate(variables, { onError: logFailure('snooze') });
          }}
        >
          {tr('milestone.remindLater')}
        </Button>
        <Button
          onClick={() => {
            close();
            dismiss.mutate(variables, { onError: logFailure('dismiss') });
          }}
        >
          {tr('milestone.gotIt')}
        </Button>
      </div>
    </Dialog>
  );
}
