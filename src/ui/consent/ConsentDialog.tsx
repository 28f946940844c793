'use client';
import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import consentText from '@/i18n/fr/consent';
import cookieText from '@/i18n/fr/cookies';
import { interpolate } from '@/i18n/interpolate';
import { Icon } from '@/ui/icons/Icon';
import { onAccordionGroupKeyDown } from '@/ui/frame/accordionKeys';
import { MuiIsland } from '@/ui/theme/MuiIsland';
import { choicesFrom, consentCategories, type ConsentChoices, type ConsentRecord } from './consent';

/**
 * The preferences dialog: one accordion per category with its toggle, description and cookie
 * list (name, purpose, expiry, type); Save and "Tout refuser". Essentials are locked on.
 */
export default function ConsentDialog({
  open,
  stored,
  onClose,
  onSave,
  onRejectAll,
}: {
  open: boolean;
  stored: ConsentRecord | null;
  onClose: () => void;
  onSave: (choices: ConsentChoices) => void;
  onRejectAll: () => void;
}) {
  // Mounted afresh (new key) each time the dialog opens, so it starts from the stored record.
  const [choices, setChoices] = useState<ConsentChoices>(() => choicesFrom(stored));

  return (
    <MuiIsland>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="sm"
        scroll="paper"
        aria-labelledby="consent-dialog-title"
        data-testid="consent-dialog"
      >
        <DialogTitle id="consent-dialog-title" sx={{ pr: 7, fontWeight: 700 }}>
          {consentText.dialogTitle}
          <IconButton
            onClick={onClose}
            aria-label={consentText.close}
            sx={{ position: 'absolute', right: 12, top: 12 }}
          >
            <Icon name="close" />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {consentText.dialogIntro}
          </Typography>
          <div data-accordion-group onKeyDown={onAccordionGroupKeyDown}>
            {consentCategories.map((category) => {
              const info = cookieText.categories[category];
              const locked = category === 'essentials';
              return (
                <Box key={category} sx={{ position: 'relative' }} data-category={category}>
                  <Accordion
                    disableGutters
                    elevation={0}
                    sx={{
                      border: 1,
                      borderColor: 'divider',
                      mb: 1,
                      '&::before': { display: 'none' },
                    }}
                  >
                    <AccordionSummary
                      expandIcon={<Icon name="expandMore" />}
                      aria-controls={`consent-${category}-content`}
                      id={`consent-${category}-header`}
                      // Room on the right for the toggle, which sits just before the chevron.
                      sx={{ '& .MuiAccordionSummary-content': { mr: locked ? 18 : 9 } }}
                    >
                      <Typography sx={{ fontWeight: 700 }}>{info.title}</Typography>
                    </AccordionSummary>
                    <AccordionDetails>
                      <Typography variant="body2" sx={{ mb: 1.5 }}>
                        {info.description}
                      </Typography>
                      {info.cookies.length > 0 ? (
                        <Box component="ul" sx={{ display: 'grid', gap: 1 }}>
                          {info.cookies.map((cookie) => (
                            <Box
                              component="li"
                              key={cookie.name}
                              sx={{
                                p: 1.25,
                                borderRadius: 1,
                                bgcolor: 'background.default',
                                fontSize: '0.8125rem',
                              }}
                            >
                              <Box
                                component="dl"
                                sx={{
                                  display: 'grid',
                                  gridTemplateColumns: 'auto 1fr',
                                  columnGap: 1.5,
                                  rowGap: 0.25,
                                  m: 0,
                                }}
                              >
                                <dt>{consentText.cookieTable.name}</dt>
                                <Box
                                  component="dd"
                                  sx={{ m: 0, fontWeight: 700, fontFamily: 'monospace' }}
                                >
                                  {cookie.name}
                                </Box>
                                <dt>{consentText.cookieTable.description}</dt>
                                <Box component="dd" sx={{ m: 0 }}>
                                  {cookie.description}
                                </Box>
                                <dt>{consentText.cookieTable.expiration}</dt>
                                <Box component="dd" sx={{ m: 0 }}>
                                  {cookie.expiration}
                                </Box>
                                <dt>{consentText.cookieTable.type}</dt>
                                <Box component="dd" sx={{ m: 0 }}>
                                  {cookie.type}
                                </Box>
                              </Box>
                            </Box>
                          ))}
                        </Box>
                      ) : null}
                    </AccordionDetails>
                  </Accordion>
                  {/* The toggle sits beside the header button, never inside it (no nested controls). */}
                  <Box
                    sx={{
                      position: 'absolute',
                      top: 6,
                      right: 52,
                      display: 'flex',
                      alignItems: 'center',
                    }}
                  >
                    {locked ? (
                      <Typography
                        variant="caption"
                        sx={{ fontWeight: 700, color: 'success.main', mr: 1 }}
                      >
                        {consentText.alwaysOn}
                      </Typography>
                    ) : null}
                    <Switch
                      checked={choices[category]}
                      disabled={locked}
                      onChange={(e) => setChoices((c) => ({ ...c, [category]: e.target.checked }))}
                      slotProps={{
                        input: {
                          'aria-label': interpolate(consentText.toggleLabel, {
                            category: info.title,
                          }),
                          'data-testid': `consent-toggle-${category}`,
                        } as object,
                      }}
                    />
                  </Box>
                </Box>
              );
            })}
          </div>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={onRejectAll} data-testid="consent-reject-all">
            {consentText.rejectAll}
          </Button>
          <Button variant="contained" onClick={() => onSave(choices)} data-testid="consent-save">
            {consentText.save}
          </Button>
        </DialogActions>
      </Dialog>
    </MuiIsland>
  );
}
