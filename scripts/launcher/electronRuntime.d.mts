export declare const INSTALLER_MIN_NODE: string;
export declare const APP_MIN_NODE: string;
export declare function nodeAtLeast(version: string, minimum: string): boolean;
export declare function executableIn(platform: string): string | undefined;
export declare function electronPackageDir(): string | undefined;
export type RuntimeLookup = { binary: string } | { problem: string };
export declare function installedRuntime(options?: { env?: NodeJS.ProcessEnv; platform?: string; pkgDir?: string }): RuntimeLookup | undefined;
export declare function obtainRuntime(options?: {
  env?: NodeJS.ProcessEnv;
  platform?: string;
  nodeVersion?: string;
  pkgDir?: string;
  progress?: (text: string) => void;
}): Promise<RuntimeLookup>;
export declare function printProgress(stream: { isTTY?: boolean; write(text: string): unknown }): (text: string) => void;
