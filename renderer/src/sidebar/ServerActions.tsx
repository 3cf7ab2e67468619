// The "…" button of a server entry. Radix's menu is not in the first tab's code, and a sidebar of many
// entries should not fetch it by being drawn: until the chunk is in (the window preloads it once idle), a
// plain button of the same name stands in, and a press on it opens the menu as soon as the chunk arrives.
// Every stand-in makes way for the menu's own button once the chunk is in, so that the keys open the menu
// on its first item, as a menu button should.
import { useEffect, useState, type Ref } from "react";
import { Ellipsis } from "lucide-react";
import { lazyPart } from "../components/lazyPart.js";
import type { ServerAction } from "./ServerActionsMenu.js";

export type { ServerAction } from "./ServerActionsMenu.js";

export const serverActionsMenu = lazyPart(() => import("./ServerActionsMenu.js").then((m) => m.ServerActionsMenu));

export interface ServerActionsProps {
  serverName: string;
  actions: ServerAction[];
  trigger: Ref<HTMLButtonElement>;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ServerActions({ serverName, actions, trigger, open, onOpenChange }: ServerActionsProps) {
  const [Loaded, setLoaded] = useState(() => serverActionsMenu.current());
  useEffect(() => {
    if (Loaded) return;
    let mounted = true;
    void serverActionsMenu.whenLoaded.then((menu) => mounted && setLoaded(() => menu));
    return () => {
      mounted = false;
    };
  }, [Loaded]);
  // Asked to open before the code is in: fetched now, and opened once it is (a failed fetch leaves it closed).
  useEffect(() => {
    if (Loaded || !open) return;
    let mounted = true;
    serverActionsMenu.preload().catch(() => mounted && onOpenChange(false));
    return () => {
      mounted = false;
    };
  }, [Loaded, open, onOpenChange]);
  if (Loaded) return <Loaded serverName={serverName} actions={actions} open={open} onOpenChange={onOpenChange} trigger={trigger} />;
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`More actions for ${serverName}`}
      aria-haspopup="menu"
      aria-expanded={false}
      title="More actions"
      onClick={() => onOpenChange(true)}
    >
      <Ellipsis aria-hidden="true" className="icon" />
    </button>
  );
}
