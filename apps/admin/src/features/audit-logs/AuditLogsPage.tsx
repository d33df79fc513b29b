export function AuditLogsPage() {
  return <div>AuditLogsPage</div>;
}
