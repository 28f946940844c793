export * from './registry';
export * from './search';
