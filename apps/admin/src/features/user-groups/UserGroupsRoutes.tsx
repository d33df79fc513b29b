export function UserGroupsRoutes() {
  return <div>UserGroupsRoutes</div>;
}
