import fs from 'node:fs';
import path from 'node:path';
import { totpCode } from '../../src/server/test/totp';

const stepMs = 30_000;
const until = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms - Date.now())));

/**
 * Runs `use` with a code of `secret` that no other worker of this run has used, holding a lock
 * until `use` has sent it: the app takes an app code once and refuses any of an earlier step (ADR
 * 0027), so two workers signing in as the one administrator must not send their codes out of
 * order. The steps taken live beside the run's data (E2E_DATA_DIR); the lock is a file made
 * exclusively, waited for while another worker holds it.
 */
export async function withFreshCode<T>(secret: string, use: (code: string) => Promise<T>): Promise<T> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'totp-steps.json');
  const lock = `${file}.lock`;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      await until(Date.now() + 25);
    }
  }
  try {
    const steps = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}) as Record<string, number>;
    const step = Math.max(Math.floor(Date.now() / stepMs), (steps[secret] ?? -Infinity) + 1);
    // the server takes a code one step ahead of its clock: wait for the clock to be that close
    await until((step - 1) * stepMs + 50);
    fs.writeFileSync(file, JSON.stringify({ ...steps, [secret]: step }));
    return await use(totpCode(secret, step * stepMs));
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
