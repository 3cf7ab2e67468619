// A server response that failed the SDK's schema is reported as one line that names the field and what
// was wrong, and says which message of the session's log holds the raw response. The page reads that
// reference back to put the raw response one click away. Plain text, so it also reads well as it is.

const REFERENCE = /Raw response: message #(\d+) in the Logs tab\.$/;

export function rawResponseReference(seq: number): string {
  return `Raw response: message #${seq} in the Logs tab.`;
}

/** The log seq an error message points at, if it points at one. */
export function rawResponseSeqOf(message: string): number | undefined {
  const match = REFERENCE.exec(message);
  return match ? Number(match[1]) : undefined;
}
