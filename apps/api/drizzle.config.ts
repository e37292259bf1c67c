import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL from the schema; migrations run in code on start
// (the kit's own runner does not work on the embedded database).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
