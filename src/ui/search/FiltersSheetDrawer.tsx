'use client';

import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import m from '@/i18n/fr/filters';
import { Icon } from '@/ui/icons/Icon';
import { MuiIsland } from '@/ui/theme/MuiIsland';
import s from './search.module.css';

/** The phone's filter sheet (loaded lazily by FiltersSheet): the panel in a bottom drawer. */
export default function FiltersSheetDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <MuiIsland>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={onClose}
        slotProps={{
          paper: {
            sx: { maxHeight: '88vh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': 'filters-sheet-title',
            'data-testid': 'filters-sheet',
          } as object,
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            px: 2,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
            position: 'sticky',
            top: 0,
            bgcolor: 'background.paper',
            zIndex: 2,
          }}
        >
          <Typography id="filters-sheet-title" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            {m.sheetTitle}
          </Typography>
          <IconButton onClick={onClose} aria-label={m.closeSheet}>
            <Icon name="close" />
          </IconButton>
        </Box>
        <Box sx={{ p: 2 }}>{children}</Box>
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            p: 2,
            borderTop: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <button type="button" className={s.button} style={{ width: '100%' }} onClick={onClose}>
            {m.showResults}
          </button>
        </Box>
      </Drawer>
    </MuiIsland>
  );
}
