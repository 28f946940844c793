'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import { captureSourceId } from './sourceId';

/** On route readiness, keeps the first known source-id parameter of the query (spec section 4). */
export function SourceIdCapture() {
  const pathname = usePathname();
  useEffect(() => {
    captureSourceId(new URLSearchParams(window.location.search));
  }, [pathname]);
  return null;
}
