// The one answer still possible for a request whose card could not be drawn, so it never waits forever.
import type { InspectorBridge } from "../../../../shared/contract.js";
import { useBridge } from "../../app/context.js";
import { useAsyncAction } from "../../components/useAsyncAction.js";

export function FallbackAnswer({ label, answer }: { label: string; answer: (bridge: InspectorBridge) => Promise<unknown> }) {
  const bridge = useBridge();
  const action = useAsyncAction();
  return (
    <>
      <button type="button" disabled={action.busy} onClick={() => void action.run(() => answer(bridge))}>
        {label}
      </button>
      {action.error && <span className="field-error">{action.error}</span>}
    </>
  );
}
