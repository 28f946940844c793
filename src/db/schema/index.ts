export * from './registry';
export * from './search';
export * from './opposition';
export * from './accounts';
export * from './content';
export * from './search-state';
export * from './orders';
export * from './api-access';
