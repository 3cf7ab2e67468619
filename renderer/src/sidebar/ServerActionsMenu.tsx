// A server entry's menu of its less frequent actions (its own chunk, with Radix: fetched once the window is
// idle, or on the first press). Arrow keys move through it, Escape closes it, and the focus goes back to the
// button that opened it, unless the action chosen put it somewhere else (a form, a dialog).
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Ellipsis } from "lucide-react";
import { useRef, type Ref } from "react";

export interface ServerAction {
  label: string;
  onSelect(): void;
  /** Set apart at the end, in the danger colour (Remove). */
  destructive?: boolean;
  disabled?: boolean;
  /** The action moves the focus itself (opens a form or a dialog): the menu must not take it back. */
  movesFocus?: boolean;
}

export interface ServerActionsMenuProps {
  serverName: string;
  actions: ServerAction[];
  /** Whether the menu is open: the entry opens it too (Shift+F10, the context-menu key, a right click). */
  open: boolean;
  onOpenChange(open: boolean): void;
  trigger: Ref<HTMLButtonElement>;
}

export function ServerActionsMenu({ serverName, actions, open, onOpenChange, trigger }: ServerActionsMenuProps) {
  const focusElsewhere = useRef(false);
  const safe = actions.filter((a) => !a.destructive);
  const destructive = actions.filter((a) => a.destructive);
  const item = (action: ServerAction) => (
    <Menu.Item
      key={action.label}
      className={action.destructive ? "menu-item danger" : "menu-item"}
      disabled={action.disabled}
      onSelect={() => {
        focusElsewhere.current = action.movesFocus === true;
        action.onSelect();
      }}
    >
      {action.label}
    </Menu.Item>
  );
  return (
    <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Menu.Trigger asChild>
        <button ref={trigger} type="button" className="icon-button" aria-label={`More actions for ${serverName}`} title="More actions">
          <Ellipsis aria-hidden="true" className="icon" />
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="menu"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (focusElsewhere.current) event.preventDefault();
            focusElsewhere.current = false;
          }}
        >
          {safe.map(item)}
          {safe.length > 0 && destructive.length > 0 && <Menu.Separator className="menu-separator" />}
          {destructive.map(item)}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
