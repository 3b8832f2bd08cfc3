/** Steady traffic through the load balancer, counted, while a fault test breaks something. */
import { request, type Answer } from './client';

export interface LoadFigures {
  tried: number;
  ok: number;
  failed: number;
  /** Failed answers by status (0: no answer at all), with one example body each. */
  failures: Record<string, { count: number; example: string }>;
}

export interface Load {
  stop(): Promise<LoadFigures>;
  /** Resolves at the first success after `since` (ms epoch), for recovery times. */
  firstOkAfter(since: number): Promise<number>;
}

/**
 * `connections` loops, each sending `make(n, loop)` one after another until stopped (`n` counts
 * every request, `loop` is the sender's index); a request counts as failed unless `ok(answer)`.
 */
export function startLoad(
  connections: number,
  make: (n: number, loop: number) => { method: string; url: string; token?: string; body?: unknown; headers?: Record<string, string> },
  ok: (answer: Answer) => boolean = (a) => a.status >= 200 && a.status < 300,
): Load {
  const figures: LoadFigures = { tried: 0, ok: 0, failed: 0, failures: {} };
  const successes: number[] = [];
  let running = true;
  let n = 0;
  const fail = (key: string, example: string) => {
    figures.failed += 1;
    const entry = (figures.failures[key] ??= { count: 0, example: example.slice(0, 200) });
    entry.count += 1;
  };
  const loop = async (index: number) => {
    while (running) {
      const spec = make(n++, index);
      figures.tried += 1;
      try {
        const answer = await request(spec.method, spec.url, { token: spec.token, body: spec.body, headers: spec.headers, timeoutMs: 15_000 });
        if (ok(answer)) {
          figures.ok += 1;
          successes.push(Date.now());
        } else {
          fail(String(answer.status), JSON.stringify(answer.body));
        }
      } catch (err) {
        fail('0', String(err));
      }
    }
  };
  const loops = Array.from({ length: connections }, (_, index) => loop(index));
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return figures;
    },
    async firstOkAfter(since) {
      for (;;) {
        const found = successes.find((t) => t > since);
        if (found !== undefined) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
