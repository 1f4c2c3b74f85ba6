/**
 * Shows queued toasts through @shop/ui's toast host (notistack, top-center, 3000 ms), just below the header that stays
 * on screen so none covers its controls; loaded on the first toast.
 */
import { ToastHost as UiToastHost } from "@shop/ui/toast";
import { useAtomValue, useSetAtom } from "jotai";
import { enqueueSnackbar } from "notistack";
import { useEffect } from "react";
import { HEADER_HEIGHT } from "#features/layout/header.tsx";
import { pendingToastsAtom, takeToastsAtom } from "#lib/toast.ts";

export default function ToastHost() {
  const pending = useAtomValue(pendingToastsAtom);
  const take = useSetAtom(takeToastsAtom);
  useEffect(() => {
    if (pending.length === 0) return;
    for (const toast of take()) enqueueSnackbar(toast.message, { variant: toast.type, key: toast.key });
  }, [pending, take]);
  return <UiToastHost top={HEADER_HEIGHT + 8} />;
}
