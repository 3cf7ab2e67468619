// AP3: reading an App's View for the renderer: the tool's `ui://` URI (or one the user names), the
// listing's `_meta.ui` (resources/list, when the server lists it) and the `resources/read` on the same
// session, checked by view.ts. Every failure reaches the user as one sentence in place of the App.
import { appToolInfo, MAX_APP_URI_LENGTH } from "../../../shared/apps.js";
import type { AppView } from "../../../shared/appView.js";
import type { Session } from "../session.js";
import { recordAppMessage } from "./appBridge.js";
import { AppViewError, checkViewUri, viewFromReadResult } from "./view.js";

/** How many resources/list pages the listing's `_meta.ui` is looked for in. */
const LISTING_PAGES = 5;

export async function readAppView(session: Session, target: { toolName?: string; uri?: string }, maxViewBytes?: number): Promise<AppView> {
  let uri = target.uri;
  if (target.toolName !== undefined) {
    const tool = await session.toolNamed(target.toolName);
    if (!tool) throw new AppViewError(`${session.config.name} lists no tool named ${JSON.stringify(target.toolName.slice(0, 200))}`);
    const app = appToolInfo(tool);
    if (!app) throw new AppViewError(`The tool ${tool.name} has no App (no _meta.ui.resourceUri)`);
    uri = app.resourceUri;
  }
  if (uri === undefined || uri.length > MAX_APP_URI_LENGTH) throw new AppViewError("Name a tool with an App or a ui:// resource");
  checkViewUri(uri);
  const listing = await listingMetaOf(session, uri);
  let result: Record<string, unknown>;
  try {
    result = await session.readResource(uri);
  } catch (error) {
    throw new AppViewError(`Reading the View ${uri} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const view = viewFromReadResult(uri, result, listing, target.toolName, maxViewBytes);
  // AP5: the CSP in force is logged with the View it applies to.
  recordAppMessage(session, "host→app", uri, { note: `The View runs under this Content-Security-Policy: ${view.csp}`, cspNotes: view.cspNotes });
  return view;
}

/** The `_meta` of the listed resource `uri`, if the server lists it; a server without resources/list has none. */
async function listingMetaOf(session: Session, uri: string): Promise<unknown> {
  if (!session.state.serverCapabilities?.resources) return undefined;
  let cursor: string | undefined;
  try {
    for (let page = 0; page < LISTING_PAGES; page++) {
      const listed = await session.listResources(cursor);
      const found = listed.resources.find((r) => r.uri === uri);
      if (found) return found._meta;
      cursor = listed.nextCursor;
      if (!cursor) return undefined;
    }
  } catch {
    // The listing is optional: the read decides.
  }
  return undefined;
}
