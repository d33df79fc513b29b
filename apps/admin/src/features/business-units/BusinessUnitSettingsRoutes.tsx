export function BusinessUnitSettingsRoutes() {
  return <div>BusinessUnitSettingsRoutes</div>;
}
