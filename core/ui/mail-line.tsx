/**
 * A sentence with an address to write to (spec §9: "Contact addresses for cancelling a tour and for mortgage help
 * appear in the text as {email}"): the text's `{email}` becomes a mailto link with the given subject; nothing
 * while there is no address (a partner without a contact email).
 */
export function MailLine({ className, part, text, email, subject }: { className: string; part: string; text: string; email: string | null | undefined; subject: string }) {
  if (!email) return null;
  const [before = '', after = ''] = text.split('{email}');
  return (
    <p className={className} part={part}>
      {before}
      <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>{email}</a>
      {after}
    </p>
  );
}
