// Node 20 does not carry tsx's loader hooks into worker threads, so the worker registers tsx
// itself before loading its TypeScript. Plain JavaScript because nothing compiles this file.
import { register } from 'tsx/esm/api';

register();
await import('./synthetic-worker.ts');
