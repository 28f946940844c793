export * from './registry';
export * from './search';
export * from './orders';
