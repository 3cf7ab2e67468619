// The desktop app's "Choose folder…" for a root: the OS folder picker, its answer as a file:// URI.
// The dialog comes in as an argument, so plain vitest covers this without Electron.
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import type { Root } from "../../shared/types.js";

export interface FolderDialogOptions {
  title: string;
  buttonLabel: string;
  properties: ("openDirectory" | "createDirectory")[];
}

/** The part of `dialog.showOpenDialog`'s answer we read. */
export interface FolderDialogAnswer {
  canceled: boolean;
  filePaths: string[];
}

export const FOLDER_DIALOG: FolderDialogOptions = { title: "Choose a folder to offer the server as a root", buttonLabel: "Use as root", properties: ["openDirectory", "createDirectory"] };

/** The chosen folder as a root (named after the folder), or none when the user closed the picker. */
export async function chooseRootFolder(show: (options: FolderDialogOptions) => Promise<FolderDialogAnswer>): Promise<Root | undefined> {
  const answer = await show(FOLDER_DIALOG);
  const path = answer.canceled ? undefined : answer.filePaths[0];
  if (!path) return undefined;
  // pathToFileURL percent-encodes spaces and the like, so the URI is one a server can parse.
  const name = basename(path);
  return { uri: pathToFileURL(path).href, ...(name ? { name } : {}) };
}
