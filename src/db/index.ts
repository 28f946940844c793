import 'server-only';

export { getDb, type Db } from './site';
