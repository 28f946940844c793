import { iconPaths, type IconName } from './paths';

/**
 * A 24×24 Material icon as plain SVG: usable from Server and Client Components alike, with no
 * styling runtime. Decorative by default (aria-hidden); pass `title` when the icon alone carries
 * the meaning.
 */
export function Icon({
  name,
  size = 24,
  title,
  className,
}: {
  name: IconName;
  size?: number;
  title?: string;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      {iconPaths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
