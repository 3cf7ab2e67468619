// The App panel and the bridge it brings (ext-apps' AppBridge, the SDK v2 client's Protocol) load only when
// an App is first shown: a page that never hosts one does not pay for them at start.
import { lazy, Suspense, type ComponentProps } from "react";

const AppPanel = lazy(async () => ({ default: (await import("./AppPanel.js")).AppPanel }));

export function LazyAppPanel(props: ComponentProps<typeof AppPanel>) {
  return (
    <Suspense fallback={<p className="note">Loading the App host…</p>}>
      <AppPanel {...props} />
    </Suspense>
  );
}
