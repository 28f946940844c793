export type IconProps = { size?: number; title?: string; className?: string };

/**
 * A 24×24 Material icon as plain SVG from its path data. Client Components on the first load use
 * this with one imported path (`<SvgIcon paths={menuIcon} />`) so that only that icon ships.
 */
export function SvgIcon({
  paths,
  size = 24,
  title,
  className,
}: IconProps & { paths: readonly string[] }) {
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
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
