export * from './columns.ts';
export * from './taxonomy.ts';
export * from './users.ts';
export * from './organizations.ts';
export * from './jobs.ts';
export * from './consent.ts';
export * from './commerce.ts';
export * from './content.ts';
