/** A polite live region for "working on it" messages, with a spinner that respects reduced motion. */
export function LoadingStatus({ children }: { children: string }) {
  return (
    <p role="status" className="loading">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
