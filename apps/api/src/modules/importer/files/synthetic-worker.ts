/** Worker thread that writes some of a synthetic catalogue's files (see synthetic.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { writeCatalogueFiles, type WorkerJob } from './synthetic';
import { writeImdbCatalogueFiles, type ImdbSpec } from './synthetic-imdb';

const port = parentPort;
if (!port) throw new Error('synthetic-worker.ts runs only as a worker thread');
const job = workerData as WorkerJob;

// "ready" tells the parent this file loaded: a failure before it means "no worker here", after it a real error.
port.postMessage({ type: 'ready' });
try {
  const result =
    job.shape === 'imdb'
      ? await writeImdbCatalogueFiles(job.spec as ImdbSpec, job.files, job.kinds, job.gzip)
      : await writeCatalogueFiles(job.spec, job.files, job.kinds, job.gzip);
  port.postMessage({ type: 'done', result });
} catch (err) {
  port.postMessage({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
