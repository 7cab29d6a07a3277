type LoadingStateProps = { message?: string };

export function LoadingState({ message = 'Loading...' }: LoadingStateProps) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
