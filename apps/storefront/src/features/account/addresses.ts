/** The signed-in shopper's saved addresses, shared by the account page and checkout (one cache entry). */
import type { Address, AddressInput } from "@shop/domain/schemas/public";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#lib/api.ts";

export const addressesQuery = queryOptions({
  queryKey: ["addresses"],
  queryFn: () => api((client) => client.addresses.list()),
  staleTime: 0,
});

/** The default address, else the first; null when there is none. */
export function defaultAddress(addresses: readonly Address[]): Address | null {
  return addresses.find((a) => a.isDefault) ?? addresses[0] ?? null;
}

/** Add, update, remove and make default; each refreshes the list (the server moves the default flag). */
export function useAddressChanges() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: addressesQuery.queryKey });
  return {
    add: useMutation({
      mutationFn: (input: AddressInput) => api((client) => client.addresses.add(input)),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: AddressInput }) =>
        api((client) => client.addresses.update(id, input)),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api((client) => client.addresses.remove(id)),
      onSettled,
    }),
    makeDefault: useMutation({
      mutationFn: (id: string) => api((client) => client.addresses.setDefault(id)),
      onSettled,
    }),
  };
}
