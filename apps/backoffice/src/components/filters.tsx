/**
 * List filters whose value is complete once chosen, applied at once. A list's filter form (react-admin's
 * FilterForm, a FilterLiveForm) waits 500 ms after each change before it sets the filters, so that typing in the
 * search box sends one request, not one per key; <List debounce> does not change that wait. A choice from a menu
 * needs no such wait: these inputs sit in a filter form of their own without it. Both forms merge their values
 * into the list's filters, so a choice keeps the search typed beside it and the other way round.
 */
import type { HTMLAttributes, ReactNode } from "react";
import { FilterLiveForm, SelectInput, type SelectInputProps } from "react-admin";

/** The inner form renders no <form> of its own (it sits inside the list's filter form), so it has no submit. */
const Fields = ({ children }: Pick<HTMLAttributes<HTMLFormElement>, "onSubmit" | "children">) => (
  <>{children}</>
);

/** Its inputs, among a list's filters, apply when chosen. */
export function AppliedAtOnce({ children }: { children: ReactNode }) {
  return (
    <FilterLiveForm debounce={false} formComponent={Fields}>
      {children}
    </FilterLiveForm>
  );
}

/** A <SelectInput> for <List filters>, applied when chosen. */
export function SelectFilter(props: SelectInputProps) {
  return (
    <AppliedAtOnce>
      <SelectInput {...props} />
    </AppliedAtOnce>
  );
}
