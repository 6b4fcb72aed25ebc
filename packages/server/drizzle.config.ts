import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables, and the ServiceM8 client's rate buckets below the modules.
  schema: ['./src/modules/*/*.schema.ts', './src/integrations/*/*.schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
