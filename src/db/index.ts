import 'server-only';

export { getDb, getReadDb, type Db } from './site';
