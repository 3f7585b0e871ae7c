import { defineConfig } from 'drizzle-kit';

// Migrations are generated against PostgreSQL and run unchanged on PGlite (one SQL dialect everywhere).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema',
  out: './drizzle',
  strict: true,
  verbose: true,
});
