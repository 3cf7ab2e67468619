// Moved a floor down (renderer/src/hooks) so components, forms and the sidebar need not import the app.
export * from "../hooks/focusItem.js";
