// Loads an electron-builder configuration the way electron-builder does (file formats, `extends`) and
// validates it with electron-builder's own JSON-schema check, the first thing `electron-builder` does.
import { createRequire } from "node:module";
import { isAbsolute, join } from "node:path";

// app-builder-lib does the work behind electron-builder's CLI; resolve it from electron-builder's
// own location so this follows the version electron-builder really uses.
const requireFromBuilder = createRequire(createRequire(import.meta.url).resolve("electron-builder/package.json"));
const configModule = requireFromBuilder("app-builder-lib/out/util/config/config.js");
const { DebugLogger } = requireFromBuilder("builder-util");

/**
 * @param {string} projectDir directory holding package.json
 * @param {string} [configFile] path of the config file (default: electron-builder finds it)
 * @returns {Promise<Record<string, unknown>>} the merged configuration, once it passed validation
 */
export async function loadValidatedConfig(projectDir, configFile) {
  const configPath = configFile == null ? null : isAbsolute(configFile) ? configFile : join(projectDir, configFile);
  const config = await configModule.getConfig(projectDir, configPath, null);
  await configModule.validateConfiguration(config, new DebugLogger(false));
  return config;
}
