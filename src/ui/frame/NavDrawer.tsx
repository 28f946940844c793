'use client';
import Link from 'next/link';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { servicesFor } from '@/domain/catalogue';
import frame from '@/i18n/fr/frame';
import nav from '@/i18n/fr/nav';
import { Icon, SvgIcon } from '@/ui/icons/Icon';
import { MuiIsland } from '@/ui/theme/MuiIsland';
import { layout } from '@/ui/theme/tokens';
import { onAccordionGroupKeyDown } from './accordionKeys';
import { AccountButton } from './AccountButton';
import { Logo } from './Logo';
import { groupBusinessList, groupServices } from './menus';

const linkSx = {
  display: 'block',
  py: 0.75,
  color: 'text.primary',
  fontSize: '0.9375rem',
  '&:hover': { color: 'primary.main', textDecoration: 'underline' },
} as const;

const groupTitleSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  mt: 1.5,
  mb: 0.5,
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
} as const;

/**
 * The side drawer below xl (spec section 2): 400 px wide, full width on the smallest screens,
 * accordion sections for the two mega-menus, plain links, an account icon button. Choosing a link
 * or the logo closes it. Loaded lazily by DrawerLauncher.
 */
export default function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const closeOnLink = (e: React.MouseEvent) => {
    if ((e.target as Element).closest('a')) onClose();
  };
  const sections = {
    services: groupServices(servicesFor('compact')).map((g) => (
      <Box key={g.type} sx={{ '--accent': `var(--svc-${g.type})` }}>
        <Typography component="h3" sx={{ ...groupTitleSx, color: 'var(--accent)' }}>
          {g.title}
        </Typography>
        <ul>
          {g.services.map((svc) => (
            <li key={svc.slug}>
              <Box component={Link} href={svc.link} sx={linkSx}>
                {svc.title}
              </Box>
            </li>
          ))}
        </ul>
      </Box>
    )),
    businessList: groupBusinessList(nav.businessList).map((g) => (
      <Box key={g.type}>
        <Typography component="h3" sx={{ ...groupTitleSx, color: 'secondary.main' }}>
          <Box component="span" sx={{ color: 'primary.main', display: 'inline-flex' }}>
            <SvgIcon paths={g.icon} size={20} />
          </Box>
          {g.title}
        </Typography>
        <ul>
          {g.items.map((item) => (
            <li key={item.link + item.title}>
              <Box component={Link} href={item.link} sx={linkSx}>
                {item.title}
              </Box>
            </li>
          ))}
        </ul>
      </Box>
    )),
  };

  return (
    <MuiIsland>
      <Drawer
        anchor="right"
        open={open}
        onClose={onClose}
        id="nav-drawer"
        slotProps={{
          paper: {
            sx: { width: { xss: '100%', xs: layout.drawerWidth } },
            onClick: closeOnLink,
            'aria-label': frame.drawerTitle,
            'data-testid': 'nav-drawer',
          } as object,
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            minHeight: 68,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Link href="/" aria-label={frame.homeLinkLabel} data-testid="drawer-logo">
            <Logo />
          </Link>
          <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center' }}>
            <AccountButton variant="icon" />
            <IconButton onClick={onClose} aria-label={frame.closeMenu} data-testid="drawer-close">
              <Icon name="close" />
            </IconButton>
          </Box>
        </Box>
        <Box component="nav" aria-label={frame.mainNavLabel} sx={{ p: 2 }}>
          <div data-accordion-group onKeyDown={onAccordionGroupKeyDown}>
            {nav.pages
              .filter((p) => p.children)
              .map((page) => (
                <Accordion
                  key={page.href}
                  disableGutters
                  elevation={0}
                  square
                  sx={{ borderBottom: 1, borderColor: 'divider', '&::before': { display: 'none' } }}
                >
                  <AccordionSummary
                    expandIcon={<Icon name="expandMore" />}
                    aria-controls={`drawer-${page.children}-content`}
                    id={`drawer-${page.children}-header`}
                    sx={{ px: 0.5, fontWeight: 700, fontSize: '1.0625rem' }}
                  >
                    {page.name}
                  </AccordionSummary>
                  <AccordionDetails sx={{ px: 0.5, pt: 0 }}>
                    {sections[page.children!]}
                  </AccordionDetails>
                </Accordion>
              ))}
          </div>
          <ul>
            {nav.pages
              .filter((p) => !p.children)
              .map((page) => (
                <li key={page.href}>
                  <Box
                    component={Link}
                    href={page.href}
                    sx={{
                      display: 'block',
                      py: 1.5,
                      px: 0.5,
                      fontWeight: 700,
                      fontSize: '1.0625rem',
                      borderBottom: 1,
                      borderColor: 'divider',
                      '&:hover': { color: 'primary.main' },
                    }}
                  >
                    {page.name}
                  </Box>
                </li>
              ))}
          </ul>
          <Box sx={{ mt: 3 }}>
            <AccountButton />
          </Box>
        </Box>
      </Drawer>
    </MuiIsland>
  );
}
