import { Card } from '../../../components/card.tsx';

export function ReportsPage() {
  return (
    <div className="page">
      <h1 className="page-title">Weekly Reports</h1>
      <Card>
        <p>
          PDF report generation and email functionality are coming soon. You will be able to download a weekly summary
          of feedings and sleep, or have it emailed to you.
        </p>
      </Card>
    </div>
  );
}
