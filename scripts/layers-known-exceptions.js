// Imports that break the layers (docs/architecture.md) and are let through for now, each with its
// reason. `npm run lint:deps` fails on any other violation, and on an entry here that no longer
// excuses anything: the list only shrinks.
//
// An entry names its rule and either `from` and `to` (two files) or `between` (files or modules,
// as scripts/lint-deps.mjs names them: `api/modules/<x>`, `api/plugins`, `web/app`, …): an import
// from one of them to another is excused.
export const knownExceptions = [];
