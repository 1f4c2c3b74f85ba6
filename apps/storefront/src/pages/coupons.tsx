/** Placeholder while the page is written. */
export default function Page(_props: Record<string, unknown>) {
  return <h1>coupons</h1>;
}
