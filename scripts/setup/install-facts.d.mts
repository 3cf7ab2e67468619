export interface PackageJson {
  engines?: { node: string };
  devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
  [key: string]: unknown;
}
export interface Lockfile {
  packages: Record<string, { version?: string; engines?: { node?: string }; hasInstallScript?: boolean; optional?: boolean }>;
}
export declare function nameOfLockKey(key: string): string;
export declare function lockfileDrift(projectDir: string, npm?: string): string[];
export declare function diffLines(before: string, after: string): string[];
export declare function unreviewedInstallScripts(pkg: PackageJson, lock: Lockfile): string[];
export declare function engineMismatches(lock: Lockfile, nodeVersions: string[], installed?: (key: string) => boolean): string[];
export declare function supportedNodes(pkg: PackageJson & { engines: { node: string } }): string[];
export declare function installFacts(projectDir: string): { drift: string[]; unreviewed: string[]; engines: string[] };
