/**
 * Importing a spreadsheet of products: choose the file, check it (a dry run, the bar following the upload, then the
 * shop's work through the rows as it tells it), read what would be created, changed or left alone and every row
 * error, then apply it. The chosen file is kept when a request fails, so trying again needs no new choice.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import MuiButton from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { CatalogueImportReport } from "@shop/domain/schemas/admin";
import { useId, useState } from "react";
import { useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate } from "react-admin";
import type { ShopDataProvider } from "../../providers/data-provider.ts";
import type { SendProgress } from "../../providers/upload.ts";

type Step =
  | { kind: "idle" }
  | { kind: "sending"; progress: SendProgress; dryRun: boolean }
  | { kind: "failed"; message: string };

export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [report, setReport] = useState<CatalogueImportReport | null>(null);
  const busy = step.kind === "sending";

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setStep({ kind: "sending", progress: { stage: "sending", share: 0 }, dryRun });
    try {
      const answer = await dataProvider.importProducts(file, dryRun, (progress) =>
        setStep({ kind: "sending", progress, dryRun }),
      );
      setReport(answer);
      setStep({ kind: "idle" });
      if (answer.applied) {
        notify("shop.spreadsheet.applied", {
          type: "success",
          messageArgs: { created: answer.products.created, updated: answer.products.updated },
        });
        refresh();
        onClose();
      }
    } catch (error) {
      setStep({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  };

  /** The upload's share while it goes; then how far the shop has checked (or saved) the rows. */
  const progressText = (progress: SendProgress, dryRun: boolean) => {
    const percent = Math.round(progress.share * 100);
    if (progress.stage === "sending")
      return translate(progress.share < 1 ? "shop.spreadsheet.sending" : "shop.spreadsheet.sent", {
        percent,
      });
    const key = dryRun ? "checking" : "applying";
    if (progress.share >= 1 || !progress.rows) return translate(`shop.spreadsheet.${key}`);
    return translate(`shop.spreadsheet.${key}_rows`, {
      percent,
      rows: progress.rows.toLocaleString(locale),
    });
  };

  const changes = report
    ? report.products.created + report.products.updated + report.variants.created + report.variants.updated
    : 0;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${inputId}-title`}
    >
      <DialogTitle id={`${inputId}-title`}>{translate("shop.spreadsheet.title")}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate("shop.spreadsheet.help")}
        </Typography>
        <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
          <MuiButton variant="outlined" component="label" disabled={busy}>
            {translate("shop.spreadsheet.choose")}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label={translate("shop.spreadsheet.choose")}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setReport(null);
                setStep({ kind: "idle" });
              }}
            />
          </MuiButton>
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {file ? file.name : translate("shop.spreadsheet.no_file")}
          </Typography>
        </Box>
        {step.kind === "sending" ? (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="body2">{progressText(step.progress, step.dryRun)}</Typography>
            <LinearProgress
              // The upload, then the server's work on the rows; past both (saving at the end), still moving.
              variant={step.progress.share < 1 ? "determinate" : "indeterminate"}
              value={Math.round(step.progress.share * 100)}
              aria-label={translate("shop.spreadsheet.progress")}
            />
          </Box>
        ) : null}
        {step.kind === "failed" ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate("shop.spreadsheet.failed", { message: step.message })}
          </Alert>
        ) : null}
        {report ? (
          <Box sx={{ mt: 2 }}>
            <Alert severity={report.errorCount ? "error" : "info"} role="status">
              {translate("shop.spreadsheet.summary", {
                rows: report.rows,
                products_created: report.products.created,
                products_updated: report.products.updated,
                products_unchanged: report.products.unchanged,
                variants_created: report.variants.created,
                variants_updated: report.variants.updated,
                variants_unchanged: report.variants.unchanged,
              })}
              {report.errorCount
                ? ` ${translate("shop.spreadsheet.has_errors", { smart_count: report.errorCount })}`
                : ""}
              {report.errors.length < report.errorCount
                ? ` ${translate("shop.spreadsheet.errors_listed", { listed: report.errors.length })}`
                : ""}
            </Alert>
            {report.errors.length ? (
              <Box sx={{ maxHeight: 320, overflow: "auto", mt: 1 }}>
                <Table size="small" aria-label={translate("shop.spreadsheet.errors")}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate("shop.spreadsheet.row")}</TableCell>
                      <TableCell>{translate("shop.spreadsheet.column")}</TableCell>
                      <TableCell>{translate("shop.spreadsheet.message")}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {report.errors.map((error) => (
                      <TableRow key={`${error.row}-${error.column}-${error.message}`}>
                        <TableCell>{error.row}</TableCell>
                        <TableCell>{error.column ?? "—"}</TableCell>
                        <TableCell sx={{ overflowWrap: "anywhere" }}>{error.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate("ra.action.close")}
        </MuiButton>
        <MuiButton onClick={() => send(true)} disabled={!file || busy}>
          {translate("shop.spreadsheet.check")}
        </MuiButton>
        <MuiButton
          variant="contained"
          onClick={() => send(false)}
          disabled={!file || busy || !report || report.errorCount > 0 || changes === 0}
        >
          {translate("shop.spreadsheet.apply")}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
