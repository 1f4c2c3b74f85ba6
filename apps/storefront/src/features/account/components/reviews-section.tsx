/** Reviews of what the shopper bought: a rating and a few words per product, shown in the shop once approved. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import Rating from "@mui/material/Rating";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { FormError, useFields, useSubmit } from "#components/form.tsx";
import { api } from "#lib/api.ts";
import { checkFields, hasErrors } from "#lib/form.ts";

export interface ReviewableProduct {
  productId: string;
  title: string;
  img: string;
}

function ReviewForm({ product, onDone }: { product: ReviewableProduct; onDone(message: string): void }) {
  const [rating, setRating] = useState<number | null>(null);
  const { values, errors, setErrors, field } = useFields<"review" | "rating">({ review: "", rating: "" });
  const { submit, pending, error } = useSubmit(async () => {
    const input = { rating: rating ?? 0, review: values.review };
    const found = await checkFields((s) => s.reviewInputSchema, input, {
      rating: "A rating",
      review: "Your review",
    });
    const all = { ...found, ...(rating === null && { rating: "Choose a rating from 1 to 5 stars" }) };
    setErrors(all);
    if (hasErrors(all)) return;
    const created = await api((client) => client.reviews.add(product.productId, input));
    onDone(created.message);
  });
  const ratingId = `rating-${product.productId}`;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={`Review ${product.title}`}
      sx={{ display: "grid", gap: 1 }}
    >
      <Box>
        <Typography id={ratingId} component="span" variant="body2">
          Your rating
        </Typography>
        <Rating
          name={ratingId}
          value={rating}
          onChange={(_event, value) => setRating(value)}
          aria-labelledby={ratingId}
          sx={{ display: "flex" }}
        />
        {errors.rating && <FormHelperText error>{errors.rating}</FormHelperText>}
      </Box>
      {field("review", "Your review", { multiline: true, minRows: 3, required: true })}
      <FormError error={error} />
      <Button type="submit" variant="contained" disabled={pending} sx={{ justifySelf: "start" }}>
        {pending ? "Sending…" : "Send review"}
      </Button>
    </Box>
  );
}

export function ReviewsSection({ products }: { products: ReviewableProduct[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const [sent, setSent] = useState<Record<string, string>>({});
  if (products.length === 0) return null;
  return (
    <Box component="ul" aria-label="Products to review" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {products.map((product) => (
        <Box
          component="li"
          key={product.productId}
          sx={{ py: 1.5, borderBottom: 1, borderColor: "divider", display: "grid", gap: 1 }}
        >
          <Box sx={{ display: "flex", gap: 2, alignItems: "center" }}>
            <Box
              component="img"
              src={product.img}
              alt=""
              width={48}
              height={48}
              sx={{ width: 48, height: 48, objectFit: "cover", borderRadius: 1 }}
            />
            <Typography sx={{ flex: 1, fontWeight: 600 }}>{product.title}</Typography>
            {!sent[product.productId] && open !== product.productId && (
              <Button
                size="small"
                onClick={() => setOpen(product.productId)}
                aria-label={`Write a review of ${product.title}`}
              >
                Write a review
              </Button>
            )}
          </Box>
          {sent[product.productId] ? (
            <Typography role="status" sx={{ color: "success.main" }}>
              {sent[product.productId]}
            </Typography>
          ) : (
            open === product.productId && (
              <ReviewForm
                product={product}
                onDone={(message) => {
                  setSent({ ...sent, [product.productId]: message });
                  setOpen(null);
                }}
              />
            )
          )}
        </Box>
      ))}
    </Box>
  );
}
