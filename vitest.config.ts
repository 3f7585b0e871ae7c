import { getViteConfig } from 'astro/config';

export default getViteConfig({
  // graphql ships both ESM and CJS builds; these conditions keep one copy in tests (DESIGN.md stack notes).
  ssr: { resolve: { conditions: ['module', 'node', 'production'] } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
