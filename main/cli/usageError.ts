// The error a wrong command line raises (exit 2). Its own module, so the option parsers (args, authFlags)
// share it without importing each other.
export class UsageError extends Error {
  override name = "UsageError";
}
