/** The frame a product's quick view opens in: a titled dialog with a close button; Esc closes it too. */
import CloseIcon from "@mui/icons-material/Close";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import type { ReactNode } from "react";
import { useId } from "react";

export interface QuickViewDialogProps {
  open: boolean;
  onClose: () => void;
  /** The product's title: the dialog's name. */
  title: string;
  children: ReactNode;
}

export function QuickViewDialog({ open, onClose, title, children }: QuickViewDialogProps) {
  const titleId = useId();
  // MUI's Dialog keeps focus inside while open and gives it back to the opener on close.
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label="Close quick view"
        onClick={onClose}
        sx={{ position: "absolute", right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}
