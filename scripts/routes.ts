/** `npm run routes`: rewrites the route table from src/app (src/server/route-table.ts). */
import { ROUTE_TABLE_FILE, writeRouteTable } from '../src/server/route-table';

console.log(writeRouteTable() ? `${ROUTE_TABLE_FILE} réécrit` : `${ROUTE_TABLE_FILE} déjà à jour`);
