/** The part of autocannon's API the fault tests and the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds a request may take before it counts as timed out (autocannon's default: 10). */
    timeout?: number;
    /** Requests per second for each connection (paced runs); unset, as fast as answers come. */
    overallRate?: number;
    connectionRate?: number;
    headers?: Record<string, string>;
    requests?: {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- autocannon hands its own request object
      setupRequest?: (req: any, context: Record<string, unknown>) => Record<string, unknown>;
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
    }[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: { total: number; average: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  /** `stop()` ends the run early; the result then counts what was sent until then. */
  type Instance = Promise<Result> & EventEmitter & { stop(): void };
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
