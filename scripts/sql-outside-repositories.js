// Files of the API that still reach the database outside a repository (docs/architecture.md,
// "One way to the database"). The list only shrinks: a file leaves it when its SQL has moved into
// its module's repository, and no file is ever added (eslint.config.js applies the rule to every
// other file).
export const sqlOutsideRepositories = [
  'apps/api/src/lib/catalogue-version.ts',
  'apps/api/src/modules/admin-catalogue/curation.service.ts',
  'apps/api/src/modules/admin-catalogue/search-words.ts',
  'apps/api/src/modules/admin-catalogue/title-parts.service.ts',
  'apps/api/src/modules/admin-catalogue/titles.service.ts',
  'apps/api/src/modules/admin-catalogue/tx.ts',
  'apps/api/src/modules/admin-media/imports.ts',
  'apps/api/src/modules/admin-media/queries.ts',
  'apps/api/src/modules/admin-media/uploads.ts',
  'apps/api/src/modules/admin-members/members.admin.ts',
  'apps/api/src/modules/admin-money/discounts.admin.ts',
  'apps/api/src/modules/admin-money/gifts.admin.ts',
  'apps/api/src/modules/admin-money/payments.admin.ts',
  'apps/api/src/modules/admin-money/plans.admin.ts',
  'apps/api/src/modules/admin-ops/comments.ts',
  'apps/api/src/modules/admin-ops/daily-counts.ts',
  'apps/api/src/modules/admin-ops/notifications.ts',
  'apps/api/src/modules/admin-ops/requests.ts',
  'apps/api/src/modules/admin-ops/stats.ts',
  'apps/api/src/modules/admin-ops/titles.ts',
  'apps/api/src/modules/admin/audit.ts',
  'apps/api/src/modules/admin/operators.ts',
  'apps/api/src/modules/artwork/artwork.routes.ts',
];
