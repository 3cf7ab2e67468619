// Runs one bridge call for a control: tracks that it is busy and keeps its error for an inline alert.
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../util/errors.js";

export function useAsyncAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const mounted = useRef(true);
  // An answered card unmounts while its call resolves: no state updates after that.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(undefined);
    try {
      return await action();
    } catch (e) {
      if (mounted.current) setError(errorMessage(e));
      return undefined;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);
  return { busy, error, setError, run, clearError: () => setError(undefined) };
}
