// A component whose code is a chunk of its own, fetched on first use or on preload() (the window preloads
// them once idle), and drawn at once, without a Suspense fallback, once in.
import { lazy, useState, type ComponentType } from "react";

export interface LazyPart<P> {
  Component: ComponentType<P>;
  preload(): Promise<unknown>;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let started: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (started ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        started = undefined; // a failed fetch is tried again next time
        throw error;
      },
    ));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Component(props: P) {
    // Chosen per mount, as the lazy tabs do: switching mid-life would remount it.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Suspending {...props} />;
  }
  return { Component, preload };
}
