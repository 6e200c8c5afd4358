import { afterAll, beforeAll, vi } from 'vitest';

// The unit lane shares one module cache per worker (isolate: false, for speed): each test file still starts from
// the environment, working folder and stubs the one before it found, whatever it changed and did not put back.
let saved: NodeJS.ProcessEnv = {};
let cwd = '';

beforeAll(() => {
  saved = { ...process.env };
  cwd = process.cwd();
});

afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  if (process.cwd() !== cwd) process.chdir(cwd);
});
