/**
 * A table's header: one row of column headings (`<th scope="col">`), one a label, in order.
 * The one way the site's tables name their columns, for screen readers as for the eye.
 */
export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
