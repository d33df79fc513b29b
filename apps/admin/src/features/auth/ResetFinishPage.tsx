export function ResetFinishPage() {
  return <div>ResetFinishPage</div>;
}
