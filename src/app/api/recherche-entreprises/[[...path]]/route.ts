import { adminResponse, NOT_FOUND } from '@/drop-in/admin';

export const dynamic = 'force-dynamic';

/** Any other path under the drop-in: the government API's own 404 body. */
const notFound = (): Response => adminResponse(NOT_FOUND);

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const DELETE = notFound;
