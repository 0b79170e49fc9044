// Types of scripts/start.mjs, which stays plain JavaScript so that an unsupported Node can run it.
export declare const serverEnv: Record<string, string>;
export declare const serverFlags: string[];
export declare function supportsNode(version: string, range: string): boolean;
export declare function sourcesDigest(dir?: string): string;
export declare function writeBuildStamp(dir?: string): void;
export declare function buildIsCurrent(dir?: string): boolean;
