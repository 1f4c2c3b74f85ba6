/** The saved addresses: add, edit, delete and make default, with the spec's texts when the server refuses. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { countryName } from "@shop/domain/constants";
import type { Address } from "@shop/domain/schemas/public";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AddressForm } from "#components/address-form.tsx";
import { FormError } from "#components/form.tsx";
import { LoadError } from "#components/load-error.tsx";
import { addressesQuery, useAddressChanges } from "#features/account/addresses.ts";

function AddressCard({ address, onEdit }: { address: Address; onEdit(): void }) {
  const { remove, makeDefault } = useAddressChanges();
  const busy = remove.isPending || makeDefault.isPending;
  return (
    <Box
      component="li"
      aria-label={address.streetAddress}
      sx={{
        p: 2,
        border: 1,
        borderColor: address.isDefault ? "primary.main" : "divider",
        borderRadius: 2,
        display: "grid",
        gap: 1,
      }}
    >
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography sx={{ fontWeight: 700, flex: 1 }}>{address.streetAddress}</Typography>
        {address.isDefault && <Chip size="small" color="primary" label="Default" />}
      </Box>
      <Typography variant="body2">
        {[address.city, address.province, address.postalCode, countryName(address.country)]
          .filter(Boolean)
          .join(", ")}
        {address.phone && ` · ${address.phone}`}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button size="small" onClick={onEdit} disabled={busy}>
          Edit
        </Button>
        {!address.isDefault && (
          <Button size="small" onClick={() => makeDefault.mutate(address.addressId)} disabled={busy}>
            Make default
          </Button>
        )}
        <Button size="small" color="error" onClick={() => remove.mutate(address.addressId)} disabled={busy}>
          Delete
        </Button>
      </Box>
      <FormError error={remove.error ?? makeDefault.error} />
    </Box>
  );
}

export function AddressesSection() {
  const { data, error, refetch, isPending } = useQuery(addressesQuery);
  const { add, update } = useAddressChanges();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  if (isPending) return <Skeleton variant="rectangular" height={120} sx={{ borderRadius: 2 }} />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="your addresses" />;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {data.length === 0 && <Typography>No saved addresses yet.</Typography>}
      <Box
        component="ul"
        aria-label="Saved addresses"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gap: 2,
          gridTemplateColumns: { sm: "1fr 1fr" },
        }}
      >
        {data.map((address) =>
          editing === address.addressId ? (
            <Box component="li" key={address.addressId} sx={{ gridColumn: "1 / -1" }}>
              <AddressForm
                address={address}
                submitLabel="Save address"
                onSave={async (input) => {
                  await update.mutateAsync({ id: address.addressId, input });
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            </Box>
          ) : (
            <AddressCard
              key={address.addressId}
              address={address}
              onEdit={() => setEditing(address.addressId)}
            />
          ),
        )}
      </Box>
      {editing === "new" ? (
        <AddressForm
          submitLabel="Add address"
          onSave={async (input) => {
            await add.mutateAsync(input);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button variant="outlined" onClick={() => setEditing("new")} sx={{ justifySelf: "start" }}>
          Add an address
        </Button>
      )}
    </Box>
  );
}
