export function LoginPage({ admin = false }: { admin?: boolean }) {
  return <div>LoginPage{admin ? ' - Admin' : ''}</div>;
}
