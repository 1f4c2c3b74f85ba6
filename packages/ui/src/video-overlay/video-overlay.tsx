/** A product's video full screen, from YouTube's privacy-enhanced domain; Esc or the close button closes it. */
import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useId } from "react";

export interface VideoOverlayProps {
  videoId: string;
  open: boolean;
  onClose: () => void;
  /** What the video is (the product's title); names the dialog and the player. */
  title: string;
}

/** The privacy-enhanced embed: no cookies until the shopper plays the video. */
export function videoEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

export function VideoOverlay({ videoId, open, onClose, title }: VideoOverlayProps) {
  const titleId = useId();
  // MUI's Dialog keeps focus inside while open, closes on Esc, and gives focus back to the opener on close.
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: "#000", color: "#fff" } } }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1 }}>
        <Typography id={titleId} component="h2" variant="h4" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {title}
        </Typography>
        <IconButton
          aria-label="Close video"
          onClick={onClose}
          sx={{ color: "#fff", "&.Mui-focusVisible": { outlineColor: "#fff" } }}
        >
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: { xs: 0, sm: 2 } }}>
        <Box
          component="iframe"
          src={videoEmbedUrl(videoId)}
          title={`Video: ${title}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sx={{
            border: 0,
            width: "100%",
            maxWidth: "min(100%, calc((100vh - 96px) * 16 / 9))",
            aspectRatio: "16 / 9",
          }}
        />
      </Box>
    </Dialog>
  );
}
