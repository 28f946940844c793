'use client';

import { ErrorView } from '@/ui/errors/ErrorView';

/** The content pages' error boundary: a French page inside the site frame. */
export default ErrorView;
