// An error from a call, shown where the user acted; what they typed stays in place.
export function ErrorAlert({ message, onDismiss }: { message: string | undefined; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <div className="alert error" role="alert">
      <span className="alert-text">{message}</span>
      {onDismiss && (
        <button type="button" className="link" aria-label="Dismiss error" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
