export function AccountSettingsPage() {
  return <div>AccountSettingsPage</div>;
}
