import { iconPaths, type IconName } from './paths';
import { SvgIcon, type IconProps } from './SvgIcon';

export { SvgIcon };

/**
 * An icon by name: for Server Components and lazily loaded islands (it brings every path along).
 * Decorative by default (aria-hidden); pass `title` when the icon alone carries the meaning.
 */
export function Icon({ name, ...props }: IconProps & { name: IconName }) {
  return <SvgIcon paths={iconPaths[name]} {...props} />;
}
