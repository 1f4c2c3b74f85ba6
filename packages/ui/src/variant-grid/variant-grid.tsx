/**
 * The back office's variants of one product: its options (colours with their swatch, sizes, any name), a button that
 * makes every combination, and a grid of variants to edit each one's SKU, stock and price, with actions for the rows
 * selected (set stock, add stock, set price). Props in, changes out: the page saves them.
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { isColorOption } from "@shop/domain/variants";
import { useState } from "react";
import { CloseIcon } from "#icons/icons.tsx";

export interface GridOption {
  name: string;
  values: { value: string; clrCode?: string | null }[];
}

export interface GridVariant {
  /** Absent for a row not saved yet. */
  id?: string;
  sku: string;
  options: Record<string, string>;
  /** Decimal USD, or null: the product's price. */
  price: number | null;
  quantity: number;
}

export type BulkAction =
  | { action: "set-stock"; quantity: number }
  | { action: "add-stock"; quantity: number }
  | { action: "set-price"; price: number | null };

export interface VariantGridLabels {
  options: string;
  optionName: string;
  addValue: string;
  addOption: string;
  removeValue: (value: string) => string;
  swatch: (value: string) => string;
  generate: string;
  variants: string;
  selectAll: string;
  selectRow: (label: string) => string;
  sku: string;
  stock: string;
  price: string;
  productPrice: (price: string) => string;
  selected: (count: number) => string;
  setStock: string;
  addStock: string;
  setPrice: string;
  amount: string;
  apply: string;
  noVariants: string;
}

export const englishGridLabels: VariantGridLabels = {
  options: "Options",
  optionName: "Option name",
  addValue: "Add a value",
  addOption: "Add an option",
  removeValue: (value) => `Remove ${value}`,
  swatch: (value) => `Swatch of ${value}`,
  generate: "Generate every combination",
  variants: "Variants",
  selectAll: "Select every variant",
  selectRow: (label) => `Select ${label}`,
  sku: "SKU",
  stock: "Stock",
  price: "Price (USD)",
  productPrice: (price) => `The product's: ${price}`,
  selected: (count) => `${count} selected`,
  setStock: "Set stock",
  addStock: "Add stock",
  setPrice: "Set price",
  amount: "Amount",
  apply: "Apply",
  noVariants: "No variants yet: add option values and generate every combination.",
};

export interface VariantGridProps {
  options: GridOption[];
  variants: GridVariant[];
  /** The product's price, which rows without their own follow (decimal USD). */
  productPrice: number;
  onOptionsChange: (options: GridOption[]) => void;
  onVariantsChange: (variants: GridVariant[]) => void;
  /** Makes every combination of the option values not yet a variant. */
  onGenerate: () => void;
  /** An action on the saved rows selected (by id). */
  onBulk: (action: BulkAction, ids: string[]) => void;
  /** A row to show first and mark (the one an order line links to). */
  highlight?: string | null;
  labels?: VariantGridLabels;
  disabled?: boolean;
}

const rowLabel = (variant: GridVariant, options: GridOption[]) =>
  options
    .map((o) => variant.options[o.name])
    .filter(Boolean)
    .join(" / ") || variant.sku;

function OptionsEditor({
  options,
  onChange,
  labels,
  disabled,
}: {
  options: GridOption[];
  onChange: (options: GridOption[]) => void;
  labels: VariantGridLabels;
  disabled: boolean;
}) {
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const replace = (index: number, option: GridOption) =>
    onChange(options.map((o, i) => (i === index ? option : o)));
  const addValue = (index: number) => {
    const option = options[index]!;
    const value = (drafts[index] ?? "").trim();
    if (!value || option.values.some((v) => v.value.toLowerCase() === value.toLowerCase())) return;
    // A colour's values have a swatch from the first one on (an option named "Color", "Colour", "Colores"), as do
    // those of any option whose values all have one.
    const swatches =
      isColorOption(option.name) || (option.values.length > 0 && option.values.every((v) => v.clrCode));
    replace(index, {
      ...option,
      values: [...option.values, { value, clrCode: swatches ? "#888888" : null }],
    });
    setDrafts({ ...drafts, [index]: "" });
  };
  return (
    <Box component="section" aria-label={labels.options} sx={{ display: "grid", gap: 2 }}>
      {options.map((option, index) => (
        <Box
          key={index}
          component="fieldset"
          sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, m: 0, display: "grid", gap: 1 }}
        >
          <TextField
            size="small"
            label={labels.optionName}
            value={option.name}
            disabled={disabled}
            onChange={(event) => replace(index, { ...option, name: event.target.value })}
            sx={{ maxWidth: 240 }}
          />
          <Box
            component="ul"
            aria-label={option.name}
            sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 1 }}
          >
            {option.values.map((value) => (
              <Box
                component="li"
                key={value.value}
                sx={{
                  display: "inline-flex",
                  alignItems: "center",
                  gap: 0.5,
                  border: 1,
                  borderColor: "divider",
                  borderRadius: 4,
                  pl: 1,
                }}
              >
                {value.clrCode && (
                  <Box
                    component="input"
                    type="color"
                    aria-label={labels.swatch(value.value)}
                    value={value.clrCode}
                    disabled={disabled}
                    onChange={(event) =>
                      replace(index, {
                        ...option,
                        values: option.values.map((v) =>
                          v.value === value.value
                            ? { ...v, clrCode: (event.target as HTMLInputElement).value }
                            : v,
                        ),
                      })
                    }
                    sx={{ width: 24, height: 24, p: 0, border: 0, bgcolor: "transparent", cursor: "pointer" }}
                  />
                )}
                <span>{value.value}</span>
                <IconButton
                  size="small"
                  aria-label={labels.removeValue(value.value)}
                  disabled={disabled}
                  onClick={() =>
                    replace(index, { ...option, values: option.values.filter((v) => v !== value) })
                  }
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              addValue(index);
            }}
            sx={{ display: "flex", gap: 1 }}
          >
            <TextField
              size="small"
              label={`${labels.addValue} (${option.name || labels.optionName})`}
              value={drafts[index] ?? ""}
              disabled={disabled}
              onChange={(event) => setDrafts({ ...drafts, [index]: event.target.value })}
            />
            <Button type="submit" disabled={disabled}>
              {labels.addValue}
            </Button>
          </Box>
        </Box>
      ))}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {options.length < 3 && (
          <Button disabled={disabled} onClick={() => onChange([...options, { name: "", values: [] }])}>
            {labels.addOption}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function BulkBar({
  count,
  labels,
  disabled,
  onApply,
}: {
  count: number;
  labels: VariantGridLabels;
  disabled: boolean;
  onApply: (action: BulkAction) => void;
}) {
  const [action, setAction] = useState<BulkAction["action"]>("set-stock");
  const [amount, setAmount] = useState("");
  const number = Number(amount);
  const valid =
    amount.trim() === ""
      ? action === "set-price"
      : Number.isFinite(number) && (action === "set-price" ? number >= 0 : Number.isInteger(number));
  return (
    <Box
      component="form"
      aria-label={labels.selected(count)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        if (action === "set-price") onApply({ action, price: amount.trim() === "" ? null : number });
        else onApply({ action, quantity: number });
        setAmount("");
      }}
      sx={{
        display: "flex",
        gap: 1,
        alignItems: "center",
        flexWrap: "wrap",
        p: 1,
        bgcolor: "action.selected",
        borderRadius: 1,
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{labels.selected(count)}</Typography>
      <TextField
        select
        size="small"
        label={labels.apply}
        value={action}
        onChange={(event) => setAction(event.target.value as BulkAction["action"])}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="set-stock">{labels.setStock}</MenuItem>
        <MenuItem value="add-stock">{labels.addStock}</MenuItem>
        <MenuItem value="set-price">{labels.setPrice}</MenuItem>
      </TextField>
      <TextField
        size="small"
        type="number"
        label={labels.amount}
        value={amount}
        error={!valid}
        onChange={(event) => setAmount(event.target.value)}
        sx={{ width: 140 }}
      />
      <Button type="submit" variant="contained" disabled={disabled || !valid}>
        {labels.apply}
      </Button>
    </Box>
  );
}

export function VariantGrid({
  options,
  variants,
  productPrice,
  onOptionsChange,
  onVariantsChange,
  onGenerate,
  onBulk,
  highlight = null,
  labels = englishGridLabels,
  disabled = false,
}: VariantGridProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const saved = variants.filter((v): v is GridVariant & { id: string } => Boolean(v.id));
  const chosen = saved.filter((v) => selected.has(v.id));
  const all = saved.length > 0 && chosen.length === saved.length;
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const change = (index: number, patch: Partial<GridVariant>) =>
    onVariantsChange(variants.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  const shown = options.filter((o) => o.name.trim() !== "");
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <OptionsEditor options={options} onChange={onOptionsChange} labels={labels} disabled={disabled} />
      <Box>
        <Button
          variant="outlined"
          onClick={onGenerate}
          disabled={disabled || shown.every((o) => o.values.length === 0)}
        >
          {labels.generate}
        </Button>
      </Box>
      <Box component="section" aria-label={labels.variants} sx={{ display: "grid", gap: 1 }}>
        {chosen.length > 0 && (
          <BulkBar
            count={chosen.length}
            labels={labels}
            disabled={disabled}
            onApply={(action) =>
              onBulk(
                action,
                chosen.map((v) => v.id),
              )
            }
          />
        )}
        {variants.length === 0 ? (
          <Typography color="text.secondary">{labels.noVariants}</Typography>
        ) : (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={labels.variants}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={all}
                      indeterminate={chosen.length > 0 && !all}
                      disabled={saved.length === 0}
                      onChange={() => setSelected(all ? new Set() : new Set(saved.map((v) => v.id)))}
                      slotProps={{ input: { "aria-label": labels.selectAll } }}
                    />
                  </TableCell>
                  {shown.map((o) => (
                    <TableCell key={o.name}>{o.name}</TableCell>
                  ))}
                  <TableCell>{labels.sku}</TableCell>
                  <TableCell>{labels.stock}</TableCell>
                  <TableCell>{labels.price}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {variants.map((variant, index) => {
                  const label = rowLabel(variant, shown);
                  const marked = highlight !== null && variant.id === highlight;
                  return (
                    <TableRow
                      key={variant.id ?? `new-${variant.sku}-${index}`}
                      selected={marked || (variant.id !== undefined && selected.has(variant.id))}
                      aria-current={marked ? "true" : undefined}
                    >
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={variant.id !== undefined && selected.has(variant.id)}
                          disabled={variant.id === undefined}
                          onChange={() => variant.id && toggle(variant.id)}
                          slotProps={{ input: { "aria-label": labels.selectRow(label) } }}
                        />
                      </TableCell>
                      {shown.map((o) => {
                        const value = variant.options[o.name] ?? "";
                        const swatch = o.values.find((v) => v.value === value)?.clrCode;
                        return (
                          <TableCell key={o.name}>
                            <Box
                              component="span"
                              sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}
                            >
                              {swatch && (
                                <Box
                                  component="span"
                                  aria-hidden
                                  sx={{
                                    width: 14,
                                    height: 14,
                                    borderRadius: "50%",
                                    bgcolor: swatch,
                                    boxShadow: "inset 0 0 0 1px #8888",
                                  }}
                                />
                              )}
                              {value}
                            </Box>
                          </TableCell>
                        );
                      })}
                      <TableCell>
                        <TextField
                          size="small"
                          value={variant.sku}
                          disabled={disabled}
                          onChange={(event) => change(index, { sku: event.target.value })}
                          slotProps={{ htmlInput: { "aria-label": `${labels.sku} ${label}` } }}
                          sx={{ minWidth: 160 }}
                        />
                      </TableCell>
                      <TableCell>
                        <TextField
                          size="small"
                          type="number"
                          value={variant.quantity}
                          disabled={disabled}
                          onChange={(event) =>
                            change(index, {
                              quantity: Math.max(0, Math.floor(Number(event.target.value) || 0)),
                            })
                          }
                          slotProps={{ htmlInput: { "aria-label": `${labels.stock} ${label}`, min: 0 } }}
                          sx={{ width: 96 }}
                        />
                      </TableCell>
                      <TableCell>
                        <TextField
                          size="small"
                          type="number"
                          value={variant.price ?? ""}
                          placeholder={productPrice.toFixed(2)}
                          disabled={disabled}
                          helperText={
                            variant.price === null ? labels.productPrice(productPrice.toFixed(2)) : " "
                          }
                          onChange={(event) =>
                            change(index, {
                              price:
                                event.target.value.trim() === ""
                                  ? null
                                  : Math.max(0, Number(event.target.value)),
                            })
                          }
                          slotProps={{
                            htmlInput: { "aria-label": `${labels.price} ${label}`, min: 0, step: 0.01 },
                          }}
                          sx={{ width: 140 }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
      </Box>
    </Box>
  );
}
