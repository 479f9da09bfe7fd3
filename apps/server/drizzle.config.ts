import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // the barrel re-exports each module's <area>.schema.ts, so drizzle-kit sees exactly the tables the app does
  schema: './src/db/schema.ts',
  out: './drizzle',
});
