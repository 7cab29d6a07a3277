export function ActivityLogPage() {
  return <h1>Activity</h1>;
}

export default ActivityLogPage;
