// Rate limits across two processes on one Redis: limit + 10% requests spread over both, exactly the limit admitted.
import { Redis } from 'ioredis';
import { apiPath, request, startServer, type Target } from './server.js';

export interface RateLimitResult {
  limit: number;
  sent: number;
  admitted: number;
  refused: number;
  other: number;
}

export async function rateLimits(target: Target, redisUrl: string, limit = 1000): Promise<RateLimitResult> {
  // A fresh database numbers its tokens from 1 again: clear what an earlier run counted for them.
  const redis = new Redis(redisUrl);
  const keys = await redis.keys('zk:rl:t*');
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  // Stay inside one 5-minute window: start again at a window boundary when less than 30 s are left.
  const left = 300 - (Math.floor(Date.now() / 1000) % 300);
  if (left < 30) await new Promise((r) => setTimeout(r, left * 1000 + 500));
  const env = { REDIS_URL: redisUrl, RATE_LIMIT_5MIN: String(limit), RATE_LIMIT_HOUR: String(limit * 10) };
  const servers = await Promise.all([startServer(target, env), startServer(target, env)]);
  const sent = Math.round(limit * 1.1);
  const counts = { admitted: 0, refused: 0, other: 0 };
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < sent) {
          const i = next++;
          const r = await request(servers[i % 2].port, 'GET', apiPath(target, '/activities?limit=1'), {
            token: target.token,
          });
          if (r.status === 200) counts.admitted++;
          else if (r.status === 429) counts.refused++;
          else counts.other++;
        }
      }),
    );
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
  }
  return { limit, sent, ...counts };
}
