// An error from a call, shown where the user acted; what they typed stays in place. With the session,
// an error that points at a raw response in the log (a result that failed the schema) opens it in place.
import { RawResponse } from "./RawResponse.js";

export function ErrorAlert({ message, onDismiss, sessionId }: { message: string | undefined; onDismiss?: () => void; sessionId?: string }) {
  if (!message) return null;
  return (
    <div className="alert error" role="alert">
      <span className="alert-text">{message}</span>
      {onDismiss && (
        <button type="button" className="link" aria-label="Dismiss error" onClick={onDismiss}>
          ×
        </button>
      )}
      {sessionId && <RawResponse sessionId={sessionId} message={message} />}
    </div>
  );
}
