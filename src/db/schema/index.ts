export * from './registry';
export * from './search';
export * from './accounts';
export * from './orders';
