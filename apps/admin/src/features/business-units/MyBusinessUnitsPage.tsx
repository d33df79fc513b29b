export function MyBusinessUnitsPage() {
  return <div>MyBusinessUnitsPage</div>;
}
