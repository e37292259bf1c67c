import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { appBoundary } from './scripts/web-app-boundary.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'coverage/**', '**/dev-dist/**', 'apps/api/seed/media/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The site and the operators' panel are two apps (docs/decisions/0032).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { parde: { rules: { 'app-boundary': appBoundary } } },
    rules: { 'parde/app-boundary': 'error' },
  },
  // Plain scripts the browser loads as they are (the page's starter).
  { files: ['apps/web/public/**/*.js', 'apps/web/src/app-start.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
  // One way to the database (docs/architecture.md): SQL, the query builder and the schema's tables
  // are used in repositories (`*.repository.ts`) and in `src/db/` only. Types may be imported anywhere.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'The query builder and `sql` belong in a repository (*.repository.ts).' },
            { group: ['pg'], allowTypeImports: true, message: 'Reach the database through a repository (*.repository.ts).' },
            { group: ['**/db/schema', '**/db/schema/*'], allowTypeImports: true, message: 'Tables are queried in a repository (*.repository.ts); import their types only.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
          message: 'SQL belongs in a repository (*.repository.ts).',
        },
      ],
    },
  },
);
