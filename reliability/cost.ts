// CPU amplification: what a 1 MB JSON body of 500,000 array elements costs before it is refused, and how long
// /healthz waits while four such bodies are handled at once (in-process: the same event loop).
import { performance } from 'node:perf_hooks';
import type { TestContext } from '../test/support/app.js';

export interface CostResult {
  /** Median milliseconds per refused body (of 5), a clean one and one holding a NUL escape. */
  cleanMs: number;
  nulMs: number;
  /** /healthz latency while four bodies are in flight. */
  healthzMs: number;
}

export async function bodyCost(ctx: TestContext): Promise<CostResult> {
  const c = await ctx.tenant();
  const send = (payload: string) =>
    c.request('POST', '/customers', undefined, { payload, headers: { 'content-type': 'application/json' } });
  const clean = `{"name":"big","keywords":[${Array(500_000).fill('1').join(',')}]}`;
  const nul = `{"name":"x\\u0000","keywords":[${Array(500_000).fill('1').join(',')}]}`;
  const time = async (payload: string) => {
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const r = await send(payload);
      if (r.status >= 500) throw new Error(`body cost: ${r.status}`);
      ms.push(performance.now() - t0);
    }
    return ms.sort((a, b) => a - b)[2];
  };
  const cleanMs = await time(clean);
  const nulMs = await time(nul);
  const t0 = performance.now();
  const bodies = [clean, nul, clean, nul].map(send);
  await ctx.inject({ method: 'GET', url: '/healthz' });
  const healthzMs = performance.now() - t0;
  await Promise.all(bodies);
  return { cleanMs, nulMs, healthzMs };
}
