/** /profile: the signed-in shopper's details, addresses, password, devices, and deleting the account. */
import { useSetAtom } from "jotai";
import { useNavigate } from "react-router";
import { type Meta, pageTitle } from "#app/route-module.ts";
import { ACCOUNT_TITLES, AccountPageLayout, Part } from "#features/account/components/account-layout.tsx";
import { AddressesSection } from "#features/account/components/addresses-section.tsx";
import { PasswordSection } from "#features/account/components/password-section.tsx";
import { ProfileSection } from "#features/account/components/profile-section.tsx";
import { DeleteAccount } from "#features/auth/components/delete-account.tsx";
import { SignOutEverywhere } from "#features/auth/components/sign-out-everywhere.tsx";
import { userChangedAtom } from "#features/auth/session.ts";
import { shopRoutes } from "#routes.ts";

export const meta: Meta<"profile"> = () => ({ title: pageTitle(ACCOUNT_TITLES.profile) });

export default function ProfilePage() {
  const userChanged = useSetAtom(userChangedAtom);
  const navigate = useNavigate();
  return (
    <AccountPageLayout section="profile">
      {(user) => (
        <>
          <Part title="Your details">
            <ProfileSection user={user} onChanged={userChanged} />
          </Part>
          <Part title="Addresses">
            <AddressesSection />
          </Part>
          <Part title="Password">
            <PasswordSection />
          </Part>
          <Part title="Devices">
            <SignOutEverywhere />
          </Part>
          <Part title="Delete your account">
            <DeleteAccount onDeleted={() => navigate(shopRoutes.home.path, { flushSync: true })} />
          </Part>
        </>
      )}
    </AccountPageLayout>
  );
}
