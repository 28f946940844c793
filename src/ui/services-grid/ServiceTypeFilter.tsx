'use client';
import { useState } from 'react';
import type { ServiceTypeFilter as Filter, ServiceType } from '@/domain/catalogue';
import s from './ServicesGrid.module.css';

/**
 * The type filter of the full grid: "Tous" or one service type. It only sets an attribute; the
 * server-rendered cards are shown or hidden by CSS, so the filter ships a few hundred bytes.
 */
export function ServiceTypeFilter({
  types,
  allLabel,
  groupLabel,
  children,
}: {
  types: Array<{ type: ServiceType; label: string }>;
  allLabel: string;
  groupLabel: string;
  children: React.ReactNode;
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const options: Array<{ value: Filter; label: string }> = [
    { value: 'all', label: allLabel },
    ...types.map((t) => ({ value: t.type, label: t.label })),
  ];
  return (
    <div className={s.wrap} data-filter={filter}>
      <div className={s.filter} role="group" aria-label={groupLabel}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className={s.filterButton}
            aria-pressed={filter === o.value}
            onClick={() => setFilter(o.value)}
            data-filter-value={o.value}
          >
            {o.label}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}
