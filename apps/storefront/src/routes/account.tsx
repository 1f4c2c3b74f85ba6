/** /account: the signed-in shopper's orders, and the products they may review. */
import { type Meta, pageTitle } from "#app/route-module.ts";
import { ACCOUNT_TITLES, AccountPageLayout, Part } from "#features/account/components/account-layout.tsx";
import { ReviewsSection } from "#features/account/components/reviews-section.tsx";
import { reviewable } from "#features/account/reviewable.ts";
import { OrderHistory } from "#features/orders/components/order-history.tsx";

export const meta: Meta<"account"> = () => ({ title: pageTitle(ACCOUNT_TITLES.account) });

export default function AccountPage() {
  return (
    <AccountPageLayout section="account">
      {() => (
        <Part title="Your orders">
          <OrderHistory>
            {(orders) =>
              reviewable(orders).length > 0 && (
                <Part title="Review what you bought">
                  <ReviewsSection products={reviewable(orders)} />
                </Part>
              )
            }
          </OrderHistory>
        </Part>
      )}
    </AccountPageLayout>
  );
}
