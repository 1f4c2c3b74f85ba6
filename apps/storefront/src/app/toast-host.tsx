/** Shows queued toasts with notistack at top-center for 3000 ms; loaded on the first toast only. */
import { TOAST_AUTO_CLOSE_MS } from "@shop/domain/constants";
import { useAtomValue, useSetAtom } from "jotai";
import { enqueueSnackbar, SnackbarProvider } from "notistack";
import { useEffect } from "react";
import { pendingToastsAtom, takeToastsAtom } from "#lib/toast.ts";

export default function ToastHost() {
  const pending = useAtomValue(pendingToastsAtom);
  const take = useSetAtom(takeToastsAtom);
  useEffect(() => {
    if (pending.length === 0) return;
    for (const toast of take()) enqueueSnackbar(toast.message, { variant: toast.type, key: toast.key });
  }, [pending, take]);
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
      autoHideDuration={TOAST_AUTO_CLOSE_MS}
      maxSnack={3}
    />
  );
}
