// The tabs other than the first are separate chunks, fetched when first opened (and in the background
// once the window has painted), so the first tab does not wait for code it does not use. Issue 21: the
// single bundle was over Vite's 500 kB warning. The CSP's script-src 'self' allows these chunks: they
// are files of the same origin.
import { lazy, useState, type ComponentType } from "react";
import { drawerDialog } from "../components/Drawer.js";
import { modalDialog } from "../components/Modal.js";
import { loadEngines } from "../forms/engines.js";
import { prepareClockFormat } from "../util/time.js";
import { serverActionsMenu } from "../sidebar/ServerActions.js";
import { settingsDialogBody } from "../sidebar/SettingsDialog.js";
import { commandPaletteDialog } from "./CommandPalette.js";

export interface LazyTab<P extends object = object> {
  /** The tab: suspends (Suspense shows "Loading…") until its chunk is in, unless it already is. */
  Component: ComponentType<P>;
  /** Starts fetching the chunk (once); resolves when it is in. */
  preload(): Promise<unknown>;
}

type PropsOf<C> = C extends ComponentType<infer P> ? (P extends object ? P : object) : object;

/** A named export, loaded on first use or on preload(). */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyTab<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  let started: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (started ??= load().then(
      (module) => (loaded = module[name] as ComponentType<P>),
      (error: unknown) => {
        started = undefined; // a failed fetch (network, a new build) is tried again next time
        throw error;
      },
    ));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Component(props: P) {
    // Once preloaded, rendered at once (no fallback flash). Chosen per mount: switching from the
    // suspending wrapper to the component mid-life would remount the tab and lose what was typed.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Suspending {...props} />;
  }
  return { Component, preload };
}

export const TasksTab = lazyNamed(() => import("../tabs/tasks/TasksTab.js"), "TasksTab");
export const SamplingTab = lazyNamed(() => import("../tabs/pending/SamplingTab.js"), "SamplingTab");
export const ElicitationsTab = lazyNamed(() => import("../tabs/pending/ElicitationsTab.js"), "ElicitationsTab");
export const ResourcesTab = lazyNamed(() => import("../tabs/resources/ResourcesTab.js"), "ResourcesTab");
export const PromptsTab = lazyNamed(() => import("../tabs/prompts/PromptsTab.js"), "PromptsTab");
export const LogsTab = lazyNamed(() => import("../tabs/logs/LogsTab.js"), "LogsTab");
export const ChecksTab = lazyNamed(() => import("../tabs/checks/ChecksTab.js"), "ChecksTab");
export const CollectionsTab = lazyNamed(() => import("../tabs/collections/CollectionsTab.js"), "CollectionsTab");
/** The task timeline panel: mounted only while a timeline is open. */
export const TaskTimelineHost = lazyNamed(() => import("../tabs/timeline/TaskTimelineHost.js"), "TaskTimelineHost");

/** Issue 22: an opened recording's runs, timelines and input requests, above the live tab (its own chunk). */
export const RecordedViews = lazy(() => import("../tabs/recording/RecordedViews.js").then((m) => ({ default: m.RecordedViews })));

/** The dialogs and menus (drawers, Settings, the command palette, the modals, a server's actions): chunks of their own, so Radix and cmdk are not in the first tab's. */
const DIALOGS = [drawerDialog, settingsDialogBody, commandPaletteDialog, modalDialog, serverActionsMenu];
/** The forms' validators (forms/engines.ts): a chunk of their own too. */
const VALIDATORS = { preload: loadEngines };
const ALL: { preload(): Promise<unknown> }[] = [TasksTab, SamplingTab, ElicitationsTab, ResourcesTab, PromptsTab, LogsTab, ChecksTab, TaskTimelineHost, CollectionsTab, ...DIALOGS, VALIDATORS];

/** Every lazy chunk, fetched now; resolves when all are in (tests that switch tabs synchronously use it). */
export function preloadAllTabs(): Promise<unknown> {
  return Promise.all(ALL.map((tab) => tab.preload()));
}

/** Fetches every tab's chunk once the browser is idle after the first paint, so a later switch does not wait. */
export function preloadTabsWhenIdle(): () => void {
  const start = () => {
    for (const tab of ALL) tab.preload().catch(() => {}); // a failed fetch is retried (and shown) when the tab opens
    prepareClockFormat();
  };
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(start, 200);
  return () => clearTimeout(timer);
}
