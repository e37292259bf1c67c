// Imports that break the layers (docs/architecture.md) and are let through for now, each with its
// reason. `npm run lint:deps` fails on any other violation, and on an entry here that no longer
// excuses anything: the list only shrinks.
//
// An entry names its rule and either `from` and `to` (two files) or `between` (files or modules,
// as scripts/lint-deps.mjs names them: `api/modules/<x>`, `api/plugins`, `web/app`, …): an import
// from one of them to another is excused.
export const knownExceptions = [
  {
    rule: 'no-module-cycle',
    between: ['api/modules/payments', 'api/modules/premium'],
    reason:
      "A payment grants premium (payments → premium's plans, periods and gifts) while premium's gifts and jobs use payments (premium/gifts.ts → payments.repository.ts, premium/jobs.ts → payments.service.ts); it goes when those files' SQL moves into repositories.",
  },
  {
    rule: 'no-module-cycle',
    between: ['api/modules/importer', 'api/modules/media'],
    reason: "The import job queues media work (importer/import-job.ts → media/queue.ts) and the media worker runs import jobs (media/worker.ts → importer/import-job.ts); it goes when those files' SQL moves into repositories.",
  },

  // The web app: features reach into app/ for the MUI scope and the toaster, and two pairs of
  // components import each other. Both are being moved (the shared parts below app/ and
  // features/), which takes these away.
  ...['comment-form', 'delete-comment-dialog', 'report-comment-dialog'].map((name) => ({
    rule: 'web-features-import-no-app',
    from: `apps/web/src/features/comments/components/${name}.tsx`,
    to: 'apps/web/src/app/mui-scope.tsx',
    reason: 'The MUI scope is being moved below features/.',
  })),
  { rule: 'web-features-import-no-app', from: 'apps/web/src/features/search/components/search-panel.tsx', to: 'apps/web/src/app/mui-scope.tsx', reason: 'The MUI scope is being moved below features/.' },
  { rule: 'web-features-import-no-app', from: 'apps/web/src/features/admin/components/admin-layout.tsx', to: 'apps/web/src/app/layout/toaster.tsx', reason: 'The toaster is being moved below features/.' },
  {
    rule: 'no-module-cycle',
    between: [
      'web/app',
      'web/features/comments',
      'web/features/search',
      'web/features/admin/components',
      'web/features/admin/catalogue',
      'web/features/admin/media',
      'web/features/admin/members',
      'web/features/admin/money',
      'web/features/admin/ops',
    ],
    reason: 'The circles these features make through app/ (the imports above); they close when the MUI scope and the toaster move below features/.',
  },
  {
    rule: 'no-file-cycle',
    between: ['apps/web/src/features/comments/components/comment-item.tsx', 'apps/web/src/features/comments/components/comment-member.tsx'],
    reason: 'Two components that draw each other; being split.',
  },
  {
    rule: 'no-file-cycle',
    between: ['apps/web/src/features/titles/components/member-title-controls.tsx', 'apps/web/src/features/titles/components/title-actions.tsx'],
    reason: 'Two components that draw each other; being split.',
  },
];
