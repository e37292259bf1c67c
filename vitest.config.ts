import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import webProject, { isolatedWebProject } from './apps/web/vitest.config.ts';

/**
 * API test files that run after every other file has finished, two at a time: they
 * start and kill real processes (servers, database children, lock races), fault a dependency on
 * purpose (their own PostgreSQL stopped, their own Redis gone), or measure time
 * (a handler's end, a reload's tick, a request's deadline). What they wait for they wait for by
 * condition, with room for a loaded machine (CI's other lanes run beside them), never by a fixed
 * sleep. Every other API file has its own database (cloned from the run's migrated template) and
 * its own app, and runs beside the others. A new file that forks a process, kills one, or asserts
 * on elapsed time belongs here.
 */
export const serialApiTests = [
  // Real processes: servers, commands, database children, killed and restarted.
  'crash',
  'data-safety',
  'db-export',
  'embedded-owner',
  'fresh-start', // starts servers on empty databases, and two at once
  'media-restart',
  'prod-stack',
  'server-process',
  'admin-catalogue', // starts a second server process on PostgreSQL and times its reload
  'search-index-file', // servers sharing one search index file, started, stopped and restarted
  // Faults injected into a dependency.
  'fault-disk',
  'fault-postgres',
  'fault-redis',
  // Elapsed time is what they check, or they wait out a timer.
  'foundation', // when the last handler ended (250 ms … 4 s)
  'search-reload', // waits out the reload interval
  'read-replica', // the replica's fallback on a short timer
  // Thousands of requests, each under a 10 s deadline, /readyz among them: its database check has
  // a deadline of its own, which the parallel files' load passed (503 "database down", 16:15).
  'hostile-input',
].map((name) => `apps/api/test/${name}.test.ts`);

/**
 * Seconds each serial file took in CI (2026-11-28 16:05, the longer of its two lanes), so the two
 * at a time start with the longest and none of them is left to run alone at the end. A file not
 * listed counts as 10 s.
 */
const serialWeights: Record<string, number> = {
  'embedded-owner': 65,
  crash: 49,
  'hostile-input': 45,
  'prod-stack': 40,
  'admin-catalogue': 38,
  'data-safety': 35,
  'media-restart': 32,
  'search-index-file': 23,
  'fresh-start': 21,
  'search-reload': 19,
  'db-export': 14,
  'fault-postgres': 12,
  'server-process': 11,
  foundation: 8,
  'read-replica': 2,
  'fault-redis': 2,
  'fault-disk': 1,
};

/** vitest's order (groups, projects, cache), except that the serial files go longest first. */
class SerialLongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const weight = (f: TestSpecification) => serialWeights[path.basename(f.moduleId, '.test.ts')] ?? 10;
    const serial = sorted.filter((f) => f.project.name === 'api-serial').sort((a, b) => weight(b) - weight(a));
    let next = 0;
    return sorted.map((f) => (f.project.name === 'api-serial' ? serial[next++]! : f));
  }
}

// Two workers on a two-core machine: a test file spends much of its time waiting on its
// database child, so the other worker's file fills that time. PARDE_TEST_WORKERS overrides.
const workers = Number(process.env.PARDE_TEST_WORKERS) || Math.max(2, os.availableParallelism() - 1);

// The API tests' database children run the built JavaScript (the setup builds it when stale), as
// the servers they start do: tsx would compile the child's sources again in each of ~100 children.
// They run its WebAssembly without the optimiser, which costs a child of one file more than it
// saves (apps/api/src/db/client.ts, decision 43).
const builtApi = { PARDE_BUILT_DB_CHILD: '1', PARDE_PGLITE_LIFTOFF: '1' };

// Three tiers, one runner: pure unit tests, API tests on a real database, web component tests in jsdom.
// Browser tests live in e2e/ and run against the built server.
export default defineConfig({
  test: {
    maxWorkers: workers,
    sequence: { sequencer: SerialLongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          environment: 'node',
          // Property tests run thousands of cases in one synchronous test: 12.7 s for 2,000 on a
          // busy machine beside another worker, past the 5 s default.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serialApiTests],
          environment: 'node',
          // The files of a worker share one module graph: the app is evaluated once per worker,
          // not once per file; each file still builds its own app on its own database (decision
          // 36). PARDE_API_ISOLATE=1 gives every file its own graph again.
          isolate: process.env.PARDE_API_ISOLATE === '1',
          // 60 s: with CI's three lanes on two cores, password hashing and ffmpeg runs passed 30 s.
          // A test that passes takes no longer.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One migrated database per run, cloned per file (see the file); it also builds the API.
          globalSetup: ['apps/api/test/helpers/template-database.ts'],
          env: builtApi,
        },
      },
      {
        test: {
          // After every other file has finished (a later group), two files at a time: what they
          // wait on is mostly processes starting and stopping, and one at a time left the second
          // core idle for 3 minutes (a quiet hour) to 8 (a slow one) at the end of each lane.
          // Beside the parallel files they failed their deadlines (decision 36); two at a time
          // they passed in the CI runs of 2026-11-28 evening but for /readyz's 503 (decision 39).
          name: 'api-serial',
          include: serialApiTests,
          environment: 'node',
          sequence: { groupOrder: 1 },
          maxWorkers: workers,
          // As the parallel files: a worker's files share one module graph, so the next file
          // starts at once instead of after a new worker has imported the app again.
          isolate: false,
          // They start databases and servers (an embedded initdb alone is seconds of processor
          // time): 30 s was passed while CI's lanes shared the machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/api/test/helpers/template-database.ts'],
          env: builtApi,
        },
      },
      webProject,
      isolatedWebProject,
    ],
  },
});
