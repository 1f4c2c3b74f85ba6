/**
 * Every list's CSV export: the records the list shows, written by @shop/domain/csv, whose rule defuses a cell that
 * a spreadsheet would run as a formula (a shopper's name set to `=HYPERLINK(...)`). Lists pass it as their
 * `exporter`; react-admin's own exporter writes such cells live.
 */
import { toCsv } from "@shop/domain/csv";
import { downloadCSV, type Exporter } from "react-admin";

export const csvExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) => {
  downloadCSV(toCsv(records), resource ?? "export");
};
