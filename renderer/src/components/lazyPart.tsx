// A component whose code is a chunk of its own, fetched on first use or on preload() (the window preloads
// them once idle), and drawn at once, without a Suspense fallback, once in.
import { lazy, useState, type ComponentType } from "react";

export interface LazyPart<P> {
  Component: ComponentType<P>;
  preload(): Promise<ComponentType<P>>;
  /** The component once its chunk is in, else undefined (for a stand-in that must not fetch by rendering). */
  current(): ComponentType<P> | undefined;
  /** Resolves once the chunk is in, fetched by something else (preload, a first use): it never fetches. */
  whenLoaded: Promise<ComponentType<P>>;
}

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let started: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  let arrived!: (component: ComponentType<P>) => void;
  const whenLoaded = new Promise<ComponentType<P>>((resolve) => (arrived = resolve));
  const preload = () =>
    (started ??= load().then(
      (component) => {
        arrived(component);
        return (loaded = component);
      },
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
  return { Component, preload, current: () => loaded, whenLoaded };
}
