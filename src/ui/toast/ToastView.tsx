'use client';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import toastText from '@/i18n/fr/toast';
import { MuiIsland } from '@/ui/theme/MuiIsland';
import { TOAST_DURATION_MS, type ToastMessage } from './toast';

export default function ToastView({
  toast,
  onClose,
}: {
  toast: ToastMessage;
  onClose: () => void;
}) {
  return (
    <MuiIsland>
      <Snackbar
        key={toast.id}
        open
        autoHideDuration={TOAST_DURATION_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') onClose();
        }}
        anchorOrigin={{ vertical: toast.position, horizontal: 'center' }}
      >
        <Alert
          severity={toast.severity}
          variant="filled"
          onClose={onClose}
          slotProps={{ closeButton: { 'aria-label': toastText.close } as object }}
          sx={{ width: '100%' }}
          data-testid="toast"
          data-position={toast.position}
        >
          {toast.message}
        </Alert>
      </Snackbar>
    </MuiIsland>
  );
}
