/** "Notify me when it's back" for a sold-out variant, sent through the app's actions; loaded when a page shows one. */
import { NotifyMe } from "@shop/ui/notify-me";
import { useProductActions } from "../use-product-actions.ts";

export default function NotifyMeForm({
  variantId,
  variantLabel,
}: {
  variantId: string;
  variantLabel: string;
}) {
  const actions = useProductActions();
  return (
    <NotifyMe
      key={variantId}
      variantLabel={variantLabel}
      defaultEmail={actions.shopperEmail ?? ""}
      onSubmit={(email) => actions.notifyWhenBack(variantId, email)}
    />
  );
}
