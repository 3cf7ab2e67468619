// "Edit <server>…" and "Duplicate <server>…" from outside the sidebar (the command palette): a request kept in
// the store, which the sidebar takes (opening its editor) and the layout reads to show a hidden sidebar.
import { draftKeys } from "../store/draftsSlice.js";

export const EDIT_REQUEST_KEY = draftKeys.view("servers", "editRequest");

export interface EditRequest {
  serverId: string;
  /** Edit the entry itself, or start a new one from a copy of it. */
  as: "edit" | "duplicate";
}

export function isEditRequest(value: unknown): value is EditRequest {
  const v = value as Partial<EditRequest> | null;
  return typeof v === "object" && v !== null && typeof v.serverId === "string" && (v.as === "edit" || v.as === "duplicate");
}
