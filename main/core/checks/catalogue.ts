// Every server check, area by area, in the order they run (ESLint's rule catalogue is the model).
import type { Check } from "./check.js";
import { capabilityChecks } from "./capabilities.js";
import { httpChecks } from "./http.js";
import { lintChecks } from "./lint.js";
import { modernCapabilityChecks } from "./modernCapabilities.js";
import { lifecycleChecks } from "./lifecycle.js";
import { listingsChecks } from "./listings.js";
import { mrtrChecks } from "./mrtr.js";
import { resultsChecks } from "./results.js";
import { tasksChecks } from "./tasks.js";
import { transportChecks } from "./transport.js";

export const CHECKS: readonly Check[] = [...lifecycleChecks, ...capabilityChecks, ...modernCapabilityChecks, ...listingsChecks, ...resultsChecks, ...tasksChecks, ...mrtrChecks, ...httpChecks, ...lintChecks, ...transportChecks];
