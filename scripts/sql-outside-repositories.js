// Files of the API that still reach the database outside a repository (docs/architecture.md,
// "One way to the database"). The list only shrinks: a file leaves it when its SQL has moved into
// its module's repository, and no file is ever added (eslint.config.js applies the rule to every
// other file).
export const sqlOutsideRepositories = [
  'apps/api/src/lib/catalogue-version.ts',
  'apps/api/src/modules/admin-catalogue/tx.ts',
];
