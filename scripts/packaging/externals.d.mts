export type RequestKind = "import" | "dynamic-import" | "require";
export interface ModuleRequest {
  specifier: string;
  kind: RequestKind;
  line: number;
}
export declare function findModuleRequests(
  source: string,
  options: { module: boolean },
): { requests: ModuleRequest[]; unanalysable: Array<{ kind: RequestKind; line: number }> };
export declare function classifySpecifier(specifier: string): "relative" | "builtin" | "electron" | "url" | "bare";
export declare function checkRequests(
  bundlePath: string,
  requests: ModuleRequest[],
  options: { preload: boolean; appRoot: string },
): { problems: string[]; resolved: Map<string, string> };
