export function UsersRoutes() {
  return <div>UsersRoutes</div>;
}
