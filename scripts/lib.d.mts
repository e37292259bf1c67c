// Types for the TypeScript that imports the project scripts' helpers (scripts/lib.mjs): the test
// setups and the benchmarks.
import type { SpawnOptions } from 'node:child_process';

export const root: string;
/** The command line (after `node`, from the repository's root) that runs the built API server. */
export const API_SERVER_ARGS: readonly string[];
export function run(cmd: string, args: string[], opts?: SpawnOptions): Promise<number>;
export function mustRun(cmd: string, args: string[], opts?: SpawnOptions): Promise<void>;
export function ensureInstalled(): Promise<void>;
export function ensureWebBuilt(): Promise<void>;
/** Builds apps/api (esbuild) when its build is missing or older than its sources; the arguments that start it. */
export function ensureApiBuilt(): Promise<string[]>;
export function embeddedOwner(): { pid: number; dir: string; role?: string } | null;
/** Puts `md` between `<!-- bench:NAME:begin -->` and `<!-- bench:NAME:end -->` in docs/benchmarks.md. */
export function writeBenchmarkSection(name: string, md: string): void;
export function ensureDebianPackage(pkg: string, files: string[], why: string): void;
export function ensureDebianPackages(wanted: { pkg: string; files: string[]; why: string }[]): Promise<void>;
