/** Approve and reject buttons for one review (the list and the dashboard use them). */

import RejectIcon from "@mui/icons-material/ThumbDown";
import ApproveIcon from "@mui/icons-material/ThumbUp";
import type { Review } from "@shop/domain/schemas/public";
import { Button, useNotify, useRecordContext, useUpdate } from "react-admin";

export function ModerationButtons() {
  const review = useRecordContext<Review>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  if (!review) return null;
  const moderate = (status: "approved" | "rejected") =>
    update(
      "reviews",
      { id: review.id, data: { status }, previousData: review },
      {
        mutationMode: "pessimistic",
        onSuccess: () => notify(`shop.reviews.${status}`, { type: "success" }),
        onError: (error) => notify((error as Error).message, { type: "error" }),
      },
    );
  return (
    <span>
      <Button
        label="shop.reviews.approve"
        disabled={isPending || review.status === "approved"}
        onClick={(event) => {
          event.stopPropagation();
          moderate("approved");
        }}
        startIcon={<ApproveIcon />}
      />
      <Button
        label="shop.reviews.reject"
        color="error"
        disabled={isPending || review.status === "rejected"}
        onClick={(event) => {
          event.stopPropagation();
          moderate("rejected");
        }}
        startIcon={<RejectIcon />}
      />
    </span>
  );
}
