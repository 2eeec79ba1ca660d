/** The event log: what happened, readable and filterable. */
export function EventLogArea() {
  return <p className="area-pending">The event log is being built.</p>;
}
