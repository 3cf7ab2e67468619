export declare function loadValidatedConfig(projectDir: string, configFile?: string): Promise<Record<string, any>>;
