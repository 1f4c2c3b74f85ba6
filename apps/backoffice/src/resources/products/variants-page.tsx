/**
 * /products/{id}/variants: a product's sizes, colours and stock. The options and the grid of variants (@shop/ui's
 * VariantGrid) are edited here and saved in one PUT; generating every combination happens in the grid, to be saved;
 * bulk actions on saved rows go to the API at once (adding stock is relative to what the shop holds then).
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { AdminVariants } from "@shop/domain/schemas/admin";
import { generateRows, type VariantRow } from "@shop/domain/variants";
import { type BulkAction, type GridOption, VariantGrid, type VariantGridLabels } from "@shop/ui/variant-grid";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Link, Title, useDataProvider, useGetOne, useNotify, useTranslate } from "react-admin";
import { useLocation, useParams } from "react-router";
import { adminLink } from "../../links.ts";
import type { ShopDataProvider } from "../../providers/data-provider.ts";
import { productColours } from "./colours.ts";

function useGridLabels(): VariantGridLabels {
  const t = useTranslate();
  return useMemo(
    () => ({
      options: t("shop.variants.options"),
      optionName: t("shop.variants.option_name"),
      addValue: t("shop.variants.add_value"),
      addOption: t("shop.variants.add_option"),
      removeValue: (value) => t("shop.variants.remove_value", { value }),
      swatch: (value) => t("shop.variants.swatch", { value }),
      generate: t("shop.variants.generate"),
      variants: t("shop.variants.variants"),
      selectAll: t("shop.variants.select_all"),
      selectRow: (label) => t("shop.variants.select_row", { label }),
      sku: t("shop.variants.sku"),
      stock: t("shop.variants.stock"),
      price: t("shop.variants.price"),
      productPrice: (price) => t("shop.variants.product_price", { price }),
      selected: (count) => t("shop.variants.selected", { smart_count: count }),
      setStock: t("shop.variants.set_stock"),
      addStock: t("shop.variants.add_stock"),
      setPrice: t("shop.variants.set_price"),
      amount: t("shop.variants.amount"),
      apply: t("shop.variants.apply"),
      noVariants: t("shop.variants.none"),
    }),
    [t],
  );
}

/** The grid's rows as the API keeps them: the variants' own price, or null for the product's. */
const rowsOf = (data: AdminVariants): VariantRow[] =>
  data.variants.map((v) => ({
    id: v.id,
    sku: v.sku,
    options: v.options,
    price: v.price,
    quantity: v.quantity,
  }));

/** Each colour and how many of the product's pictures show it (a variant's picture is its colour's first). */
function Pictures({ productId }: { productId: string }) {
  const t = useTranslate();
  const { data } = useGetOne<{
    id: string;
    imageURLs: { color?: { name: string; clrCode: string } | null }[];
  }>("products", { id: productId });
  if (!data) return null;
  const colours = productColours(data.imageURLs ?? []).map(
    (c) => `${c.name} (${data.imageURLs.filter((i) => i.color?.name === c.name).length})`,
  );
  return (
    <Typography variant="body2" color="text.secondary">
      {colours.length
        ? t("shop.variants.pictures", { colours: colours.join(", ") })
        : t("shop.variants.no_pictures")}
    </Typography>
  );
}

export default function VariantsPage() {
  const { id = "" } = useParams();
  const highlight = new URLSearchParams(useLocation().search).get("variant");
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const t = useTranslate();
  const labels = useGridLabels();
  const queryClient = useQueryClient();
  const key = ["products", id, "variants"];
  const { data, error, isPending } = useQuery({ queryKey: key, queryFn: () => dataProvider.variants(id) });
  const [options, setOptions] = useState<GridOption[]>([]);
  const [rows, setRows] = useState<VariantRow[]>([]);
  // What the API answered becomes the grid's, on the first read and after every save or bulk action.
  useEffect(() => {
    if (!data) return;
    setOptions(data.options);
    setRows(rowsOf(data));
  }, [data]);
  const answered = (next: AdminVariants) => {
    queryClient.setQueryData(key, next);
    queryClient.invalidateQueries({ queryKey: ["products"] });
  };
  const failed = (cause: unknown) => notify((cause as Error).message, { type: "error" });
  const save = useMutation({
    mutationFn: () =>
      dataProvider.saveVariants(id, {
        options: options.filter((o) => o.name.trim() !== ""),
        // The grid leaves a variant's own discount as it was (a new row follows the product's).
        variants: rows.map(({ id: rowId, ...row }) => ({
          ...(rowId ? { id: rowId } : {}),
          ...row,
          discount: data?.variants.find((v) => v.id === rowId)?.discount ?? null,
        })),
      }),
    onSuccess: (next) => {
      answered(next);
      notify("shop.variants.saved", { type: "success" });
    },
    onError: failed,
  });
  const bulk = useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) =>
      dataProvider.bulkVariants(id, { ...action, ids }),
    onSuccess: (next, { ids }) => {
      answered(next);
      notify("shop.variants.applied", { type: "success", messageArgs: { smart_count: ids.length } });
    },
    onError: failed,
  });
  if (isPending) return null;
  if (error || !data) return <Typography color="error">{(error as Error | null)?.message}</Typography>;
  // Rows not saved yet, or a changed grid: a bulk action would act on what the API holds, not on what is shown.
  const unsaved = rows.some((r) => !r.id) || JSON.stringify(rowsOf(data)) !== JSON.stringify(rows);
  return (
    <Box sx={{ py: 2, display: "grid", gap: 2 }}>
      <Title title={t("shop.variants.title", { title: data.title })} />
      <Typography variant="h2" component="h1">
        {t("shop.variants.title", { title: data.title })}
      </Typography>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
        <Link to={adminLink(`/products/${id}`)}>{t("shop.variants.back")}</Link>
        <Typography variant="body2" color="text.secondary">
          {data.sku}
        </Typography>
      </Box>
      <Pictures productId={id} />
      <VariantGrid
        options={options}
        variants={rows}
        productPrice={data.price}
        labels={labels}
        highlight={highlight}
        disabled={save.isPending || bulk.isPending}
        onOptionsChange={setOptions}
        onVariantsChange={setRows}
        onGenerate={() => setRows(generateRows(options, rows, data.sku))}
        onBulk={(action, ids) =>
          unsaved ? notify("shop.variants.unsaved", { type: "warning" }) : bulk.mutate({ action, ids })
        }
      />
      <Box>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
          {t("shop.variants.save")}
        </Button>
      </Box>
    </Box>
  );
}
