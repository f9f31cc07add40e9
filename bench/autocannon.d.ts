// The parts of autocannon's API the load worker uses.
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      p50: number;
      p99: number;
      max: number;
      average: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(
    opts: Record<string, unknown>,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): unknown;
  export default autocannon;
}
