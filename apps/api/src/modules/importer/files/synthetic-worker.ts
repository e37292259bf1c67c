/** Worker thread that writes some of a synthetic catalogue's files (see synthetic.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { ImdbKind } from './imdb-rows';
import { writeCatalogueFiles, type CatalogueSpec } from './synthetic';

const port = parentPort;
if (!port) throw new Error('synthetic-worker.ts runs only as a worker thread');
const { spec, files, kinds, gzip } = workerData as {
  spec: CatalogueSpec;
  files: Record<ImdbKind, string>;
  kinds: ImdbKind[];
  gzip: boolean;
};

// "ready" tells the parent this file loaded: a failure before it means "no worker here", after it a real error.
port.postMessage({ type: 'ready' });
try {
  port.postMessage({ type: 'done', result: await writeCatalogueFiles(spec, files, kinds, gzip) });
} catch (err) {
  port.postMessage({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
