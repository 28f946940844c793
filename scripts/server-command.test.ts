import { describe, expect, it } from 'vitest';
import { serverCommand } from './server-command';

describe('the server the supervisor starts', () => {
  it('is scripts/serve.ts for `npm run dev` too: next dev behind the front door, not `next dev`', () => {
    const dev = serverCommand(true);
    expect(dev.args.slice(0, 2)).toEqual(['--import', 'tsx']);
    expect(dev.args[2]).toMatch(/scripts[/\\\\]serve\.ts$/);
    expect(dev.args.at(-1)).toBe('--dev');
    expect(dev.nodeEnv).toBe('development');
    const prod = serverCommand(false);
    expect(prod.args.at(-1)).toMatch(/serve\.mjs$/);
    expect(prod.args).not.toContain('--dev');
    expect(prod.nodeEnv).toBe('production');
  });
});
