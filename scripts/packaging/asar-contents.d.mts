export interface AsarFile {
  path: string;
  size: number;
  unpacked: boolean;
}
export interface PackageManifest {
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
export declare function listAsar(archivePath: string): AsarFile[];
export declare function devOnlyPackages(packageLock: {
  packages?: Record<string, { name?: string; dev?: boolean; devOptional?: boolean }>;
}): Set<string>;
export declare function packageNameOf(path: string): string | null;
export declare const NEVER_SHIP: string[];
export declare function inspectAppContents(input: {
  files: AsarFile[];
  appPackageJson: { main?: string };
  requiredPackages: string[];
  devOnly: Set<string>;
  rendererHtml?: string;
  sizes: { asarBytes: number; unpackedBytes: number };
  budget: { asarBytes: number; unpackedBytes: number };
}): string[];
export declare function missingDependencies(packages: Map<string, PackageManifest>): string[];
export declare const BUDGET: { asarBytes: number; unpackedBytes: number };
export declare const ALWAYS_REQUIRED: string[];
export declare const DEMO_SERVER_SCRIPT: string;
