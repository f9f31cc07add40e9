// Types of scripts/node-runtime.mjs (plain JavaScript: it runs before dependencies are installed).
export declare const root: string;
export declare const PINNED: { 24: string; 22: string };
export declare const SUPPORTED_TEXT: string;
export declare function isSupported(version?: string): boolean;
export declare function findNode(line?: number): string | null;
export declare function installNode(line: 24 | 22): string;
export declare function runOnSupportedNode(node: string, args: string[]): void;
