/** A process that tries to take an embedded data directory's lock (the lock race test). */
import { acquireLock, DatabaseInUseError } from '../../src/db/owner';

const dir = process.argv[2]!;
// Start together: each waits for the same wall-clock tick.
const start = Math.ceil(Date.now() / 500) * 500 + 500;
setTimeout(() => {
  try {
    const lock = acquireLock(dir, 'command');
    process.send!('took');
    // Hold it while the others try.
    setTimeout(() => {
      lock.release();
      process.exit(0);
    }, 3000);
  } catch (err) {
    process.send!(err instanceof DatabaseInUseError ? 'in use' : `error: ${(err as Error).message}`);
    process.exit(0);
  }
}, start - Date.now());
