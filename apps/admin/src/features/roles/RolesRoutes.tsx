export function RolesRoutes() {
  return <div>RolesRoutes</div>;
}
