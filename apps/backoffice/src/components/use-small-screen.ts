/** Whether the screen is a phone's: lists then show as simple lists, as react-admin's demo does. */

import type { Theme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";

export const useSmallScreen = () => useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
