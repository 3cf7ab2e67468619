// The element drawers open in (the workspace under the tab bar); the page's body when none is given.
import { createContext } from "react";

export const DrawerHostContext = createContext<HTMLElement | null>(null);
