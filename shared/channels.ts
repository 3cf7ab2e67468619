// The contract's method names and nothing else. The Electron preload runs sandboxed and may only
// load `electron` plus its own bundle, so it takes the names from here instead of contract.ts (which
// pulls in zod and the SDK's schemas). The checks below keep this list equal to `apiMethods`.
import type { ApiMethod } from "./contract.js";

export const API_METHOD_NAMES = [
  "connect",
  "disconnect",
  "reconnect",
  "listSessions",
  "getSnapshot",
  "getLog",
  "ping",
  "listTools",
  "listResources",
  "listResourceTemplates",
  "readResource",
  "subscribeResource",
  "unsubscribeResource",
  "listPrompts",
  "getPrompt",
  "setLoggingLevel",
  "setRoots",
  "callTool",
  "callToolAsTask",
  "refreshClientTasks",
  "cancelClientTask",
  "approveSampling",
  "rejectSampling",
  "answerElicitation",
  "cancelReceiverTask",
  "listServers",
  "saveServer",
  "removeServer",
  "importServers",
  "openExternal",
  "getSettings",
  "updateSettings",
  // Tool runs and withdrawn notes (issue 13)
  "startToolRun",
  "cancelToolRun",
  "readResultPiece",
  "dismissWithdrawnNotes",
  // Sessions and roots (issue 13)
  "removeSession",
  "chooseRootFolder",
  // Completions (issue 13)
  "complete",
  // Task timeline (issue 13)
  "getTaskTimeline",
  "unfollowTaskTimeline",
  // OAuth for remote servers (issue 14)
  "getAuthSteps",
  "clearAuthTokens",
  // Command-line mode (issue 14)
  "followClientTask",
  // MCP Apps (issue 20)
  "readAppView",
  "appCallTool",
  "logAppMessages",
  // Skills (issue 24)
  "listSkills",
  "getSkill",
  "loadSkill",
  "readSkillFile",
  "verifySkill",
  "readResourceDirectory",
  // Recordings (issue 22)
  "saveRecording",
  "openRecording",
  "recordingEntries",
  "recordingViews",
  "closeRecording",
  "diffRecordings",
  // Server checks (issue 23)
  "runChecks",
  "runLoad",
  "stopLoad",
  // Connection doctor
  "diagnoseServer",
  // Collections
  "listCollections",
  "addSavedCall",
  "saveCollection",
  "runCollection",
  "acceptSnapshot",
  "importCollection",
] as const satisfies readonly ApiMethod[];

// A method added to the contract but not listed above fails the typecheck here.
type Unlisted = Exclude<ApiMethod, (typeof API_METHOD_NAMES)[number]>;
export const everyMethodListed: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * Browser mode carries one call or one event batch per WebSocket message, up to this size: room for a
 * tool argument as large as a stdio server may be sent (64 MB) plus the envelope. The page refuses a
 * larger call before sending it; the server closes a socket that sends more (1009).
 */
export const MAX_BRIDGE_MESSAGE_BYTES = 72 * 1024 * 1024;
