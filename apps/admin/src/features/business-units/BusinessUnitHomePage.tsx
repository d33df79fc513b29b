export function BusinessUnitHomePage() {
  return <div>BusinessUnitHomePage</div>;
}
