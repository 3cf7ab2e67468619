export declare const SPAWNED_PACKAGES: string[];
export declare function packagesLoadedBy(entries: string[]): { packages: string[]; unanalysable: string[] };
export declare function scratchLockfile(options: {
  lock: { packages: Record<string, Record<string, unknown>> };
  pkg: { name: string; version: string; license?: string; dependencies?: Record<string, string>; bin?: unknown; engines?: unknown };
  tarballName: string;
  tarballIntegrity: string;
}): { name: string; lockfileVersion: number; requires: boolean; packages: Record<string, unknown> };
export declare const TARBALL_BUDGET: { packedBytes: number; files: number };
export declare function packedFileProblems(
  packed: { files: Array<{ path: string }>; size: number },
  budget?: { packedBytes: number; files: number },
): string[];
