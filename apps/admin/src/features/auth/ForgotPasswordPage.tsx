export function ForgotPasswordPage() {
  return <div>ForgotPasswordPage</div>;
}
