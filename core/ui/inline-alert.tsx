/** A message said where it happened (a send that failed, a document that could not be read): a paragraph announced as an alert, nothing while there is none. */
export function InlineAlert({ className, part, message }: { className: string; part: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={className} part={part} role="alert">
      {message}
    </p>
  );
}
