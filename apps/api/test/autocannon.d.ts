/** The part of autocannon's API the fault tests use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds a request may take before it counts as timed out (autocannon's default: 10). */
    timeout?: number;
    requests?: { setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }[];
  }
  interface Result {
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  /** `stop()` ends the run early; the result then counts what was sent until then. */
  type Instance = Promise<Result> & EventEmitter & { stop(): void };
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
