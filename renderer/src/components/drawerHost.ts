// The element drawers open in (the workspace under the tab bar); the page's body when none is given.
// A ref, not the element: the window's first commit would otherwise set state from a ref callback, which
// makes React render the whole window a second time, synchronously, before its first paint.
import { createContext, type RefObject } from "react";

export const DrawerHostContext = createContext<RefObject<HTMLElement | null> | null>(null);
