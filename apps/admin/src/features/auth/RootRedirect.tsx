export function RootRedirect() {
  return <div>RootRedirect</div>;
}
