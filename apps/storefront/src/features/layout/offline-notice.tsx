/** The notice shown while the shop cannot reach its API and shows its built-in sample catalogue. */
import Box from "@mui/material/Box";

export function OfflineNotice() {
  return (
    <Box
      role="status"
      sx={{ bgcolor: "#fff4e5", color: "#5f3700", px: 2, py: 1, textAlign: "center", fontWeight: 600 }}
    >
      The shop is offline right now: you are looking at our sample catalogue. Prices and stock may differ.
    </Box>
  );
}
