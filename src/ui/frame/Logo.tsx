import { layout } from '@/ui/theme/tokens';

/**
 * The Registre wordmark, drawn inline (no request, no JavaScript): a registry-book mark and the
 * name. 177×36 in the header, 177×38 in the footer (spec section 9). `tone="light"` for dark
 * backgrounds. public/logo.svg is the same drawing for structured data and sharing.
 */
export function Logo({
  tone = 'dark',
  place = 'header',
}: {
  tone?: 'dark' | 'light';
  place?: 'header' | 'footer';
}) {
  const { width, height } = place === 'header' ? layout.headerLogo : layout.footerLogo;
  const ink = tone === 'dark' ? '#0f2b5b' : '#ffffff';
  const mark = tone === 'dark' ? '#1c4fa0' : '#ffffff';
  const markInk = tone === 'dark' ? '#ffffff' : '#0f2b5b';
  return (
    <svg
      width={width}
      height={height}
      viewBox="0 0 177 36"
      preserveAspectRatio="xMinYMid meet"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0" y="0" width="36" height="36" rx="8" fill={mark} />
      <rect x="9" y="8" width="18" height="3.2" rx="1.6" fill={markInk} />
      <rect x="9" y="16.4" width="18" height="3.2" rx="1.6" fill={markInk} opacity="0.8" />
      <rect x="9" y="24.8" width="11" height="3.2" rx="1.6" fill={markInk} opacity="0.6" />
      <circle cx="25.5" cy="26.4" r="3.2" fill="#f2a900" />
      <text
        x="46"
        y="26"
        fill={ink}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="24"
        fontWeight="700"
        letterSpacing="-0.4"
      >
        Registre
      </text>
    </svg>
  );
}
