import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import type { MilestoneAlert } from '../../../types/api.ts';
import { useDismissAlert } from '../api/dismiss-alert.ts';
import { useMilestoneAlert } from '../api/get-milestone-alert.ts';
import { useMarkAlertShown } from '../api/mark-alert-shown.ts';
import { useRemindLater } from '../api/remind-later.ts';
import '../../../styles/dashboard.css';

export function milestoneAlertTitle({ alertType, milestone }: MilestoneAlert): string {
  return alertType === 'ONE_WEEK_WARNING'
    ? `Coming up next week: ${milestone.label}`
    : `${milestone.label} milestone reached`;
}

function milestoneAlertIntro({ alertType, milestone }: MilestoneAlert): string {
  return alertType === 'ONE_WEEK_WARNING'
    ? `In about a week your baby reaches the ${milestone.label} stage of the feeding guide.`
    : `Your baby has reached the ${milestone.label} stage of the feeding guide.`;
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
          <dt>Amount per feeding</dt>
          <dd>{alert.milestone.amountPerFeeding}</dd>
        </div>
        <div>
          <dt>Feedings per day</dt>
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
      <p className="milestone-disclaimer">
        For tracking only, not medical advice: every baby is different, so ask your pediatrician about your baby&apos;s
        feeding.
      </p>
      <div className="dialog-actions">
        <Button
          variant="secondary"
          onClick={() => {
            close();
            remindLater.mutate(variables, { onError: logFailure('snooze') });
          }}
        >
          Remind Me Later
        </Button>
        <Button
          onClick={() => {
            close();
            dismiss.mutate(variables, { onError: logFailure('dismiss') });
          }}
        >
          Got It
        </Button>
      </div>
    </Dialog>
  );
}
