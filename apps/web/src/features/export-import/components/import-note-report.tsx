import type { ImportedNote } from '@notewise/shared';

/**
 * Under an imported note in the import summary: what arrived (counts), images imported, and what
 * was approximated or left out with the reason, so nothing is lost silently. Nothing when the
 * importer sent no report for the file.
 */
export function ImportNoteReport({ note }: { note: ImportedNote }) {
  const converted = note.converted ?? [];
  const approximated = note.approximated ?? [];
  const dropped = note.dropped ?? [];
  const arrived = [
    ...converted.map((item) => `${item.count} ${item.what}`),
    ...(note.imagesImported ? [`${note.imagesImported} image${note.imagesImported === 1 ? '' : 's'}`] : []),
  ];
  if (arrived.length === 0 && approximated.length === 0 && dropped.length === 0) return null;
  return (
    <div className="mt-0.5 pl-3 text-[12px] text-muted">
      {arrived.length > 0 && <p>Kept: {arrived.join(', ')}.</p>}
      {approximated.length > 0 && (
        <ul aria-label={`Approximated in ${note.title}`}>
          {approximated.map((item) => (
            <li key={`${item.what}\n${item.reason}`}>
              Approximated {item.count} {item.what}: {item.reason}
              {item.names?.length
                ? ` (${item.names.join(', ')}${item.count > item.names.length ? ', ...' : ''})`
                : ''}
            </li>
          ))}
        </ul>
      )}
      {dropped.length > 0 && (
        <ul aria-label={`Not imported from ${note.title}`}>
          {dropped.map((item) => (
            <li key={`${item.what}\n${item.reason}`}>
              Not imported: {item.count} {item.what}. {item.reason}
              {item.names?.length
                ? ` (${item.names.join(', ')}${item.count > item.names.length ? ', ...' : ''})`
                : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
