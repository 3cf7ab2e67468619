// Where the Logs tab keeps an opened recording and a comparison (the store's view state), in a module of
// their own: Open recording… and Compare… each clear the other's, without importing each other.
import type { ApiResult } from "../../../../shared/contract.js";
import { draftKeys } from "../../store/draftsSlice.js";

/** `text` is kept for Compare… (the first side it sends to the core). */
export type OpenedRecording = ApiResult<"openRecording"> & { fileName: string; text?: string };

export const RECORDING_KEY = draftKeys.view("logs", "recording", "");
export const COMPARISON_KEY = draftKeys.view("logs", "comparison", "");
