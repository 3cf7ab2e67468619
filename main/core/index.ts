export { InspectorCore, USER_REJECTED_CODE, type InspectorCoreOptions } from "./inspectorCore.js";
export { systemPorts, withPorts, type Ports, type Clock, type Timers } from "./ports.js";
export type { EventListener } from "./eventBus.js";
export { EventBatcher, FRAME_MS, LEADING_MS } from "./eventBatcher.js";
export { JsonFileStorage, MemoryStorage, type Storage } from "./storage.js";
export { parseMcpServersJson } from "./savedServers.js";
export { PLAIN_SECRETS, type SecretCodec } from "./secrets.js";
// Issue 14: what a host (desktop, browser mode, CLI) needs for OAuth beyond the contract.
export { terminalAuthorizationOpener, platformOpener } from "./auth/terminalOpener.js";
export { followAuthorizationHeadlessly } from "./auth/headless.js";
