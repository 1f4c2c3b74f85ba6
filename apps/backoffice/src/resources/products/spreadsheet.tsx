/**
 * The products list's spreadsheet buttons: "Export CSV" writes the products the list's filter shows (one row per
 * variant, headers in the back office's language), "Import CSV" opens the import dialog (loaded when first opened).
 */
import DownloadIcon from "@mui/icons-material/Download";
import UploadIcon from "@mui/icons-material/Upload";
import { lazy, Suspense, useState } from "react";
import {
  Button,
  CreateButton,
  FilterButton,
  TopToolbar,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
} from "react-admin";
import type { ShopDataProvider } from "../../providers/data-provider.ts";

const ImportDialog = lazy(() => import("./import-dialog.tsx"));

function ExportButton() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { filterValues } = useListContext();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportFile = async () => {
    setBusy(true);
    try {
      const blob = await dataProvider.exportProducts(filterValues, locale === "es" ? "es" : "en");
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `products-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      notify("shop.spreadsheet.export_failed", {
        type: "error",
        messageArgs: { message: error instanceof Error ? error.message : String(error) },
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="shop.spreadsheet.export" onClick={exportFile} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

export function ProductListActions() {
  const [open, setOpen] = useState(false);
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      <ExportButton />
      <Button label="shop.spreadsheet.import" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </TopToolbar>
  );
}
