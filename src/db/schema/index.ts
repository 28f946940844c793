export * from './registry';
export * from './search';
export * from './opposition';
export * from './search-state';
