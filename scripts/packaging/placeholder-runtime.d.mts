export declare const FUSE_NAMES: string[];
export declare const EXPECTED_FUSES: Record<string, boolean>;
export declare function createPlaceholderRuntime(dir: string): string;
export declare function readFuses(binaryPath: string): Record<string, boolean | "removed">;
export declare function fuseProblems(fuses: Record<string, boolean | "removed">): string[];
