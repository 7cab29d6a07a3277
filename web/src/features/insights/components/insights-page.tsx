export function InsightsPage() {
  return <h1>Insights</h1>;
}

export default InsightsPage;
