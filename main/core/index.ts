export { InspectorCore, USER_REJECTED_CODE, type InspectorCoreOptions } from "./inspectorCore.js";
export { systemPorts, withPorts, type Ports, type Clock, type Timers } from "./ports.js";
export type { EventListener } from "./eventBus.js";
