// AP6: the permissions the user allowed an App's server, remembered per server entry for as long as the
// inspector runs (never saved, never by default). A View gets only those it declared and the user allowed.
import { useSyncExternalStore } from "react";
import { APP_PERMISSION_FEATURES, type AppPermission } from "../../../shared/apps.js";
import type { AppUiMeta } from "../../../shared/appView.js";

const allowed = new Map<string, ReadonlySet<AppPermission>>();
const listeners = new Set<() => void>();
const NONE: ReadonlySet<AppPermission> = new Set();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The permissions a View's resource declares, in a fixed order. */
export function declaredPermissions(ui: AppUiMeta): AppPermission[] {
  return (Object.keys(APP_PERMISSION_FEATURES) as AppPermission[]).filter((p) => ui.permissions?.[p] === true);
}

export function allowPermissions(server: string, permissions: AppPermission[]): void {
  allowed.set(server, new Set([...(allowed.get(server) ?? []), ...permissions]));
  for (const listener of listeners) listener();
}

export function withdrawPermissions(server: string): void {
  allowed.delete(server);
  for (const listener of listeners) listener();
}

/** What the user allowed this server entry so far (this run of the inspector). */
export function useAllowedPermissions(server: string): ReadonlySet<AppPermission> {
  return useSyncExternalStore(subscribe, () => allowed.get(server) ?? NONE);
}

/** For tests: forget every answer. */
export function forgetAllowedPermissions(): void {
  allowed.clear();
  evalAllowed.clear();
  for (const listener of listeners) listener();
}

// AP15: "Allow eval in Views". Saved with the server entry (the server editor's switch, and the panel's
// offer writes it there); a session with no saved entry keeps the answer here until the inspector quits.
const evalAllowed = new Set<string>();

export function allowEvalInViews(server: string): void {
  evalAllowed.add(server);
  for (const listener of listeners) listener();
}

export function withdrawEvalInViews(server: string): void {
  evalAllowed.delete(server);
  for (const listener of listeners) listener();
}

/** True when this run of the inspector allowed eval for `server` without a saved entry to keep it. */
export function useEvalAllowedHere(server: string): boolean {
  return useSyncExternalStore(subscribe, () => evalAllowed.has(server));
}
