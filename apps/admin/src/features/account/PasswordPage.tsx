export function PasswordPage() {
  return <div>PasswordPage</div>;
}
