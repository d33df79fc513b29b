export function ManufacturerSettingsPage() {
  return <div>ManufacturerSettingsPage</div>;
}
