/** The auth forms' error box (announced as an alert). */
export function FormError({ children }: { children: string }) {
  return (
    <div
      role="alert"
      className="rounded-control border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-fg"
    >
      {children}
    </div>
  );
}

/** A neutral note above the form (not an error): announced politely. */
export function FormNotice({ children }: { children: string }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-control border border-border bg-surface px-3 py-2 text-sm text-fg"
    >
      {children}
    </div>
  );
}
